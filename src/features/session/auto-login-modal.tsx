/**
 * The auto-login modal (dialog 自动登录): opened by the autoLogin machine when
 * a link's token belongs to someone other than the logged-in user. It shows
 * that account's masked phone and asks; over a session it says which account
 * (masked) is logged in now and that confirming switches it to the link's.
 * The machine does the rest and closes the modal.
 */
import { useSelector } from '@xstate/react';
import { useAppActor, useCurrentUser, useSystemChild, type ModalComponentProps } from '../../shared/app-actor';
import { Dialog } from '../../shared/ui/dialog';
import { config } from '../../shared/env';
import { maskPhone } from '../../shared/format';
import './session.css';

function masked(phone: string): string {
  try {
    return maskPhone(phone);
  } catch {
    return phone;
  }
}

export function AutoLoginModal({ onClose }: ModalComponentProps) {
  const actor = useAppActor();
  const autoLogin = useSystemChild('autoLogin');
  const candidate = useSelector(autoLogin, (s) => s.context.candidate);
  const busy = useSelector(autoLogin, (s) => s.hasTag('autoLogin:busy'));
  const asking = useSelector(autoLogin, (s) => s.hasTag('autoLogin:confirming'));
  const current = useCurrentUser();
  // The account this link would replace (none when nobody is logged in, or once the switch has happened).
  const replaced = current && candidate && current.telNum !== candidate.telNum ? current : null;

  // Closing (×, Escape, 取消) is a cancel while the machine asks; otherwise (nothing to ask) it just closes.
  const cancel = () => {
    if (asking) actor.send({ type: 'autoLogin.cancel' });
    else onClose();
  };

  return (
    <Dialog title="自动登录" onClose={cancel}>
      {candidate ? (
        <>
          {replaced ? (
            <p className="auto-login-text">
              当前登录的账号 <strong>{masked(replaced.telNum)}</strong> 将切换为链接中的账号{' '}
              <strong>{masked(candidate.telNum)}</strong>，是否切换并登录
              {config.storeName}？
            </p>
          ) : (
            <p className="auto-login-text">
              检测到您的账号 <strong>{masked(candidate.telNum)}</strong>，是否使用该账号登录{config.storeName}？
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              取消
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => actor.send({ type: 'autoLogin.confirm' })}
              disabled={busy}
            >
              确认登录
            </button>
          </div>
        </>
      ) : (
        <p className="auto-login-text">登录链接已失效，请手动登录。</p>
      )}
    </Dialog>
  );
}
