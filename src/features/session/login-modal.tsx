/**
 * The login modal (dialog 登录): phone + SMS code, or a WeChat QR code.
 *
 * The flows live in the root system (machines/login.machine.ts and
 * machines/qr-login.machine.ts), so the resend countdown survives closing and
 * reopening this modal; the form here only keeps what is being typed and
 * checks it (src/features/session/session-input.ts: normalised first, then validated with
 * zod; a paste is never cut) before sending `login.*` events to the root. A
 * successful login closes the modal from the machine and leaves the page as
 * it was.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { canSendCode, isSendingCode, isSubmitting } from '../../../machines/login.machine';
import { OFFLINE_MESSAGE, useOnline } from '../shell';
import { useAppActor, useCurrentUser, useSystemChild, type ModalComponentProps } from '../../shared/app-actor';
import { Dialog } from '../../shared/ui/dialog';
import { Tabs } from '../../shared/ui/tabs';
import { usePhone } from '../../shared/use-phone';
import { PhoneSchema, SmsCodeSchema, checkInput } from './session-input';
import { useFieldErrors, type FieldErrors } from './field-errors';
import { LabelledField } from './labelled-field';
import './session.css';
import { Checkbox } from '../../shared/ui/form-controls';

/** The form's own message; the phone and code messages are the input rules' (src/features/session/session-input.ts). */
const LOGIN_FORM_MESSAGES = {
  agreementRequired: '请先阅读并同意《用户协议》和《隐私政策》',
} as const;

type LoginWay = 'sms' | 'qr';

export function LoginModal({ onClose }: ModalComponentProps) {
  const [way, setWay] = useState<LoginWay>('sms');
  // Another account (or nobody) in this tab — a logout or login in another tab, an expiry: the form starts
  // over, so nothing the previous shopper typed stays on screen (the login machine forgets its side too).
  const account = useCurrentUser()?.userId ?? 'nobody';
  return (
    <Dialog title="登录" onClose={onClose}>
      <Tabs
        label="登录方式"
        className="login-tabs"
        items={[
          { key: 'sms', label: '验证码登录' },
          { key: 'qr', label: '扫码登录' },
        ]}
        selected={way}
        onSelect={setWay}
      >
        {way === 'sms' ? <SmsLoginForm key={account} /> : <QrLoginPanel onUseSms={() => setWay('sms')} />}
      </Tabs>
    </Dialog>
  );
}

type LoginField = 'phone' | 'code' | 'agreement';

function SmsLoginForm() {
  const actor = useAppActor();
  const login = useSystemChild('login');
  const lastPhone = useSelector(login, (s) => s.context.phone);
  const secondsLeft = useSelector(login, (s) => s.context.secondsLeft);
  const countingDown = useSelector(login, (s) => s.hasTag('login:countingDown'));
  const sendable = useSelector(login, canSendCode);
  const sending = useSelector(login, isSendingCode);
  const submitting = useSelector(login, isSubmitting);
  const codeError = useSelector(login, (s) => s.context.codeError);
  const submitError = useSelector(login, (s) => s.context.submitError);

  const [phone, setPhone] = useState(() => lastPhone ?? '');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { errors, setErrors, clear, field } = useFieldErrors<LoginField>();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);
  const ids = { phone: useId(), code: useId(), agreement: useId(), codeHint: useId() };

  useEffect(() => {
    // A reopened modal starts without the messages of its last visit; the countdown carries on.
    actor.send({ type: 'login.opened' });
  }, [actor]);

  const requestCode = () => {
    const checked = checkInput(PhoneSchema, phone);
    setErrors((current) => ({ ...current, phone: checked.ok ? undefined : checked.error }));
    if (!checked.ok) {
      phoneRef.current?.focus();
      return;
    }
    actor.send({ type: 'login.sendCode', phone: checked.value });
    codeRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // What was typed stays in the fields; the normalised values are what is checked and sent.
    const phoneChecked = checkInput(PhoneSchema, phone);
    const codeChecked = checkInput(SmsCodeSchema, code);
    const next: FieldErrors<LoginField> = {
      phone: phoneChecked.ok ? undefined : phoneChecked.error,
      code: codeChecked.ok ? undefined : codeChecked.error,
      agreement: agreed ? undefined : LOGIN_FORM_MESSAGES.agreementRequired,
    };
    setErrors(next);
    if (!phoneChecked.ok) return phoneRef.current?.focus();
    if (!codeChecked.ok) return codeRef.current?.focus();
    if (next.agreement) return agreementRef.current?.focus();
    actor.send({ type: 'login.submit', phone: phoneChecked.value, code: codeChecked.value });
  };

  const codeButtonLabel = countingDown ? `重新发送(${secondsLeft}s)` : sending ? '发送中…' : '获取验证码';

  return (
    <form className="login-form" noValidate onSubmit={submit} aria-busy={submitting || undefined}>
      <LabelledField
        id={ids.phone}
        label="手机号"
        inputRef={phoneRef}
        data-autofocus
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="请输入手机号"
        {...field('phone', PhoneSchema, phone, setPhone)}
      />
      <LabelledField
        id={ids.code}
        label="验证码"
        inputRef={codeRef}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="6位数字验证码"
        {...field('code', SmsCodeSchema, code, setCode)}
        describedBy={countingDown ? ids.codeHint : undefined}
        action={
          <button type="button" className="button code-button" disabled={!sendable} onClick={requestCode}>
            {codeButtonLabel}
          </button>
        }
      >
        {countingDown && lastPhone ? (
          <p id={ids.codeHint} className="field-hint">
            验证码已发送至 {lastPhone.slice(0, 3)}****{lastPhone.slice(7)}
          </p>
        ) : null}
        {codeError ? (
          <p role="alert" className="form-error">
            {codeError}
          </p>
        ) : null}
      </LabelledField>
      <div className="field field-check">
        <Checkbox
          id={ids.agreement}
          ref={agreementRef}
          checked={agreed}
          aria-invalid={errors.agreement ? true : undefined}
          aria-describedby={errors.agreement ? `${ids.agreement}-error` : undefined}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) clear('agreement');
          }}
        />
        <label htmlFor={ids.agreement}>
          我已阅读并同意
          <Link to="/agreement" search={{ doc: 'user' }} target="_blank" rel="noopener">
            《用户协议》
          </Link>
          和
          <Link to="/agreement" search={{ doc: 'privacy' }} target="_blank" rel="noopener">
            《隐私政策》
          </Link>
        </label>
        {errors.agreement ? (
          <p id={`${ids.agreement}-error`} className="field-error">
            {errors.agreement}
          </p>
        ) : null}
      </div>
      {submitError ? (
        <p role="alert" className="form-error">
          {submitError}
        </p>
      ) : null}
      <button type="submit" className="button button-primary login-submit" disabled={submitting}>
        登录
      </button>
      <p className="muted login-note">未注册的手机号验证后将自动创建账号</p>
    </form>
  );
}

/**
 * On a phone the QR code is for another device: the phone's own WeChat cannot scan its screen. It says so
 * and offers the SMS login first (docs/session.md, "Login on a phone").
 */
function OtherDeviceNote({ onUseSms }: { onUseSms: () => void }) {
  return (
    <div className="qr-phone-note">
      <p>扫码登录适用于在电脑等其他设备上打开的本站：请用手机微信扫描那台设备上的二维码。在本机登录请使用验证码。</p>
      <button type="button" className="button button-primary" onClick={onUseSms}>
        使用验证码登录
      </button>
    </div>
  );
}

function QrLoginPanel({ onUseSms }: { onUseSms: () => void }) {
  const phone = usePhone();
  const actor = useAppActor();
  const qrLogin = useSystemChild('qrLogin');
  const qr = useSelector(qrLogin, (s) => s.context.qr);
  const error = useSelector(qrLogin, (s) => s.context.error);
  const loading = useSelector(qrLogin, (s) => s.hasTag('qr:loading'));
  const paused = useSelector(qrLogin, (s) => s.hasTag('qr:paused'));
  const expired = useSelector(qrLogin, (s) => s.hasTag('qr:expired'));
  const failed = useSelector(qrLogin, (s) => s.hasTag('qr:failed'));
  const loggingIn = useSelector(qrLogin, (s) => s.hasTag('qr:loggingIn'));

  useEffect(() => {
    // Polling runs only while this panel is shown, the page is visible and the browser is online.
    actor.send({ type: 'qrLogin.start' });
    const update = () =>
      actor.send({ type: document.hidden || navigator.onLine === false ? 'qrLogin.hidden' : 'qrLogin.visible' });
    document.addEventListener('visibilitychange', update);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    if (document.hidden || navigator.onLine === false) actor.send({ type: 'qrLogin.hidden' });
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      actor.send({ type: 'qrLogin.stop' });
    };
  }, [actor]);
  const online = useOnline();

  const refresh = () => actor.send({ type: 'qrLogin.refresh' });

  let caption = '请使用微信扫一扫，扫描二维码登录';
  if (loading) caption = '正在获取二维码…';
  else if (paused) caption = online ? '页面不可见时已暂停，返回后继续' : OFFLINE_MESSAGE;
  else if (loggingIn) caption = '扫码成功，正在登录…';
  else if (expired) caption = '二维码已过期';

  return (
    <div className="qr-login" aria-busy={loading || loggingIn || undefined}>
      {phone ? <OtherDeviceNote onUseSms={onUseSms} /> : null}
      <div className={expired ? 'qr-box qr-box-expired' : 'qr-box'}>
        {qr && !failed ? (
          <img src={qr.qrImage} alt="微信扫码登录二维码" width={180} height={180} />
        ) : (
          <div className="qr-placeholder" aria-hidden="true" />
        )}
        {expired ? (
          <button type="button" className="qr-refresh" onClick={refresh}>
            二维码已过期, 点击刷新
          </button>
        ) : null}
      </div>
      {failed ? (
        <>
          <p role="alert" className="form-error">
            {error}
          </p>
          <button type="button" className="button" onClick={refresh}>
            重新获取二维码
          </button>
        </>
      ) : (
        <p className="qr-caption">{caption}</p>
      )}
    </div>
  );
}
