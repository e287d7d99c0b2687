/** 扫码登录: marks a login QR code scanned (the backend cannot list pending ones, so its id is typed in). */
import { useState, type FormEvent } from 'react';
import { markQrScanned } from '../../api/demo-controls';
import { normalizePhone } from '../session';
import { Field, Panel, type ConsoleActions } from './demo-ui';
import { TextInput } from '../../shared/ui/form-controls';

export function QrPanel({ run, say, busy }: ConsoleActions) {
  const [qrId, setQrId] = useState('');
  const [phone, setPhone] = useState('');
  const markScanned = (event: FormEvent) => {
    event.preventDefault();
    const id = qrId.trim();
    if (!id) return say('请填写二维码 ID');
    const scannedPhone = normalizePhone(phone);
    void run(async () => {
      await markQrScanned(id, scannedPhone || undefined);
      return `二维码 ${id} 已标记为已扫码`;
    });
  };
  return (
    <Panel title="扫码登录">
      <p className="muted">登录弹窗里的二维码 ID 可在开发者工具的网络请求 getWxMpQrcode 中看到。</p>
      <form onSubmit={markScanned}>
        <Field label="二维码 ID">
          {(id) => <TextInput id={id} value={qrId} onChange={(e) => setQrId(e.target.value)} autoComplete="off" />}
        </Field>
        <Field label="扫码手机号（可选）">
          {(id) => (
            <TextInput
              id={id}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </Field>
        <button type="submit" className="button button-primary" disabled={busy}>
          标记已扫码
        </button>
      </form>
    </Panel>
  );
}
