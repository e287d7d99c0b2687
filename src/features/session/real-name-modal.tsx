/**
 * The real-name modal (dialog 实名认证): name and ID number, normalised and
 * checked here (src/features/session/session-input.ts: 2–20 Han characters, the dot
 * variants read as ·; 18 characters with a valid GB 11643 check character, the
 * message naming the check that failed; a paste is never cut) before `doAuth`,
 * then `getAuth` reads the masked result. Under the ID field 18位，末位可为 X;
 * above the form, 信息如何使用和保存 (docs/session.md). The
 * session stores it (`session.realNameVerified`, persisted with the user).
 *
 * It closes when the account changes (another tab's logout or login).
 *
 * Props from the opener (`modal.open { name: 'realName', props }`):
 * `{ from?: 'pay' | 'setting' }`. When the purchase flow opened it
 * (`from: 'pay'`), a success also tells the root `realName.verified { info }`
 * so the purchase can go on.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { userMessage } from '../../api/errors';
import { getRealNameInfo, postRealNameAuth, type RealNameInfo } from '../../api/user';
import { useAppActor, useCurrentUser, type ModalComponentProps } from '../../shared/app-actor';
import { useSessionSelector } from '../../shared/session-selector';
import { toast } from '../../shared/toast';
import { Dialog } from '../../shared/ui/dialog';
import { maskIdCard, maskRealName } from '../../shared/mask-identity';
import { IdCardSchema, INPUT_MESSAGES, RealNameSchema, checkInput } from './session-input';
import { useFieldErrors } from './field-errors';
import { LabelledField } from './labelled-field';
import { Link } from '@tanstack/react-router';
import './session.css';

export interface RealNameModalProps {
  /** Who opened it; `pay` makes a success announce `realName.verified`. */
  from?: 'pay' | 'setting';
}

/**
 * The modal's own message; the name and ID messages are the input rules' (src/features/session/session-input.ts).
 * @internal
 */
export const REAL_NAME_MESSAGES = {
  verified: '实名认证成功',
} as const;

function fromOf(props: Record<string, unknown>): RealNameModalProps['from'] {
  return props.from === 'pay' || props.from === 'setting' ? props.from : undefined;
}

/** What the session keeps when getAuth has no answer right after a successful doAuth. */
function localInfo(realName: string, idCardNo: string): RealNameInfo {
  return { realName: maskRealName(realName), idCardNo: maskIdCard(idCardNo), authTime: Date.now() };
}

export function RealNameModal({ onClose, props }: ModalComponentProps) {
  const actor = useAppActor();
  const from = fromOf(props);
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const { setErrors, field } = useFieldErrors<'name' | 'idCard'>();
  const nameRef = useRef<HTMLInputElement>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), idCard: useId() };

  // The form is for the account it opened for: when another tab logs out or switches the account, it
  // closes (the purchase flow says why) rather than verify someone else with this person's ID. An expiry
  // is the session's to handle: its prompt closes every dialog 300 ms later, after this one has shown the
  // server's answer.
  const userId = useCurrentUser()?.userId ?? null;
  const expired = useSessionSelector((snapshot) => snapshot.hasTag('session:expired'));
  const [owner] = useState(userId);
  useEffect(() => {
    if (userId !== owner && !expired) onClose();
  }, [userId, owner, expired, onClose]);

  const verify = useMutation({
    mutationFn: async (input: { realName: string; idCardNo: string }): Promise<RealNameInfo> => {
      await postRealNameAuth(input);
      const info = await getRealNameInfo().catch(() => null);
      return info ?? localInfo(input.realName, input.idCardNo);
    },
    onSuccess: (info) => {
      actor.send({ type: 'session.realNameVerified', info });
      if (from === 'pay') actor.send({ type: 'realName.verified', info });
      toast.success(REAL_NAME_MESSAGES.verified);
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    // What was typed stays in the fields; the normalised values are what is checked and sent.
    const realName = checkInput(RealNameSchema, name);
    const idCardNo = checkInput(IdCardSchema, idCard);
    setErrors({ name: realName.ok ? undefined : realName.error, idCard: idCardNo.ok ? undefined : idCardNo.error });
    if (!realName.ok) return nameRef.current?.focus();
    if (!idCardNo.ok) return idRef.current?.focus();
    verify.mutate({ realName: realName.value, idCardNo: idCardNo.value });
  };

  return (
    <Dialog title="实名认证" onClose={onClose}>
      <p className="muted">根据国家相关规定，购买前需完成实名认证。您的信息仅用于身份核验。</p>
      <details className="real-name-use">
        <summary>信息如何使用和保存</summary>
        <ul>
          <li>用途：姓名和身份证号只用于国家规定的实名核验（购买资格与未成年人保护），不用于营销，不提供给第三方。</li>
          <li>传输：经加密连接提交核验，核验结果与账号绑定，认证成功后不能自行修改。</li>
          <li>保存：本设备只保存打码后的姓名和身份证号（如 1101**********4477），在「账号与实名」中可查看。</li>
          <li>
            详见
            <Link to="/agreement" search={{ doc: 'privacy' }} target="_blank">
              隐私政策
            </Link>
            。
          </li>
        </ul>
      </details>
      <form className="real-name-form" noValidate onSubmit={submit} aria-busy={verify.isPending || undefined}>
        <LabelledField
          id={ids.name}
          label="姓名"
          inputRef={nameRef}
          data-autofocus
          type="text"
          autoComplete="name"
          placeholder="请输入真实姓名"
          {...field('name', RealNameSchema, name, setName)}
        />
        <LabelledField
          id={ids.idCard}
          label="身份证号"
          inputRef={idRef}
          type="text"
          autoComplete="off"
          placeholder="请输入18位身份证号"
          {...field('idCard', IdCardSchema, idCard, setIdCard)}
          hint={INPUT_MESSAGES.idHint}
        />
        {verify.isError ? (
          <p role="alert" className="form-error">
            {userMessage(verify.error)}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={verify.isPending}>
          提交
        </button>
      </form>
    </Dialog>
  );
}
