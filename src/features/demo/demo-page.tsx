/**
 * `/demo` (no layout, not linked from the store): a console that drives the
 * simulated backend the way a real backend would act on its own, through its
 * control endpoints `POST {base}/__mock/<name>` (src/mock/backend.ts):
 * mark a login QR code scanned, complete or fail a payment, inject faults per
 * endpoint, move the clocks forward a day (the backend's and the coupon
 * popup's, `demo:clockOffsetDays`), open the state machine inspector
 * (src/dev-tools/), and reset the data. Mock mode only: with
 * a live backend it just says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { registeredEndpoints } from '../../api/endpoints';
import { http } from '../../api/http';
import { config } from '../../shared/env';
import { formatDate } from '../../shared/format';
import { formatYuan } from '../../shared/money';
import { normalizePhone } from '../session';
import { DAY_MS, DEMO_CLOCK_OFFSET_KEY, POPUP_RECORD_KEY, readDemoClockOffsetDays } from '../marketing';
import { browserStorage } from '../../shared/storage';
import { loadDevInspector } from '../../shared/dev-inspector';
import './demo.css';

export const LIVE_MODE_MESSAGE = '演示控制台仅在模拟后端模式下可用';

const ControlAnswerSchema = z.object({
  success: z.boolean(),
  retMsg: z.optional(z.nullable(z.string())),
  retData: z.optional(z.unknown()),
});

const FaultSchema = z.looseObject({ kind: z.string(), times: z.optional(z.number()) });
const StateSchema = z.object({
  now: z.number(),
  clockOffsetMs: z.number(),
  users: z.array(z.object({ userId: z.number(), telNum: z.string() })),
  orders: z.array(z.object({ orderId: z.string(), userId: z.number(), status: z.string(), payAmount: z.number() })),
  faults: z.record(z.string(), FaultSchema),
  qrCodes: z.number(),
  bidRequests: z.number(),
});
type BackendState = z.infer<typeof StateSchema>;

/** Calls one control of the simulated backend and returns its `retData`; failures throw with the backend's message. */
async function control(name: string, body: Record<string, unknown> = {}): Promise<unknown> {
  let raw: unknown;
  try {
    raw = (await (await http.axios()).post(`/__mock/${name}`, body)).data;
  } catch (error) {
    raw = error instanceof AxiosError ? error.response?.data : undefined;
    if (raw === undefined) throw error;
  }
  const answer = ControlAnswerSchema.parse(raw);
  if (!answer.success) throw new Error(answer.retMsg ?? `控制命令 ${name} 失败`);
  return answer.retData;
}

type PaymentOutcome = 'completePayment' | 'failPayment' | 'cancelPayment';
type FaultChoice = { label: string; fault: Record<string, unknown> };

export const FAULT_CHOICES: Record<string, FaultChoice> = {
  network: { label: '网络中断', fault: { kind: 'network' } },
  timeout: { label: '请求超时（不应答）', fault: { kind: 'timeout' } },
  delay: { label: '延迟 3 秒', fault: { kind: 'delay', ms: 3000 } },
  http500: { label: 'HTTP 500', fault: { kind: 'http', status: 500 } },
  http502: { label: '网关错误 502（HTML 页面）', fault: { kind: 'http', status: 502, html: true } },
  business: { label: '业务错误（系统繁忙）', fault: { kind: 'business', code: 'sys_50001', message: '系统繁忙，请稍后重试' } },
  auth: { label: '登录失效（auth_40001）', fault: { kind: 'auth', code: 'auth_40001' } },
  malformed: { label: '返回内容不是合法 JSON', fault: { kind: 'malformed' } },
  schema: { label: '返回数据结构不符', fault: { kind: 'schema' } },
};

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="demo-panel">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function DemoConsole() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['demo', 'state'], queryFn: async (): Promise<BackendState> => StateSchema.parse(await control('state')) });
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [qrId, setQrId] = useState('');
  const [phone, setPhone] = useState('');
  const [orderId, setOrderId] = useState('');
  const endpoints = registeredEndpoints();
  const [endpoint, setEndpoint] = useState(endpoints[0]?.path ?? '');
  const [faultKey, setFaultKey] = useState('network');
  const [offsetDays, setOffsetDays] = useState(() => readDemoClockOffsetDays(browserStorage('localStorage')));

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      setMessage(await action());
    } catch (error) {
      setMessage(`操作失败：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['demo', 'state'] });
    }
  };

  const markScanned = (event: FormEvent) => {
    event.preventDefault();
    const id = qrId.trim();
    if (!id) return setMessage('请填写二维码 ID');
    const scannedPhone = normalizePhone(phone);
    void run(async () => {
      await control('markQrScanned', { qrId: id, ...(scannedPhone ? { phone: scannedPhone } : {}) });
      return `二维码 ${id} 已标记为已扫码`;
    });
  };

  const settle = (id: string, outcome: PaymentOutcome) =>
    run(async () => {
      const status = z.string().parse(await control(outcome, { orderId: id }));
      return `订单 ${id} 当前状态：${status}`;
    });

  const submitOrder = (outcome: PaymentOutcome) => {
    const id = orderId.trim();
    if (!id) return setMessage('请填写订单号');
    void settle(id, outcome);
  };

  const applyFault = (event: FormEvent) => {
    event.preventDefault();
    const choice = FAULT_CHOICES[faultKey];
    if (!choice || !endpoint) return;
    void run(async () => {
      await control('setFault', { path: endpoint, fault: choice.fault });
      return `已对 ${endpoint} 注入故障：${choice.label}`;
    });
  };

  const advanceDay = () =>
    run(async () => {
      const next = offsetDays + 1;
      browserStorage('localStorage')?.setItem(DEMO_CLOCK_OFFSET_KEY, String(next));
      setOffsetDays(next);
      await control('advanceClock', { ms: DAY_MS });
      return `时钟已前进 1 天（共 ${next} 天），刷新页面后按新日期判断每日弹窗`;
    });

  const clearPopupRecord = () => {
    browserStorage('localStorage')?.removeItem(POPUP_RECORD_KEY);
    setMessage('已清除每日弹窗记录，刷新页面后会再次弹出');
  };

  const reset = () =>
    run(async () => {
      await control('reset');
      browserStorage('localStorage')?.removeItem(DEMO_CLOCK_OFFSET_KEY);
      browserStorage('localStorage')?.removeItem(POPUP_RECORD_KEY);
      setOffsetDays(0);
      return '模拟数据已重置';
    });

  const unpaid = state.data?.orders.filter((o) => o.status === 'unpaid') ?? [];
  const faults = Object.entries(state.data?.faults ?? {});

  return (
    <>
      <p role="status" className="demo-status">
        {message}
      </p>

      <Panel title="扫码登录">
        <p className="muted">登录弹窗里的二维码 ID 可在开发者工具的网络请求 getWxMpQrcode 中看到。</p>
        <form onSubmit={markScanned}>
          <Field label="二维码 ID">{(id) => <input id={id} value={qrId} onChange={(e) => setQrId(e.target.value)} autoComplete="off" />}</Field>
          <Field label="扫码手机号（可选）">
            {(id) => <input id={id} value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="numeric" autoComplete="off" />}
          </Field>
          <button type="submit" className="button button-primary" disabled={busy}>
            标记已扫码
          </button>
        </form>
      </Panel>

      <Panel title="订单支付">
        {unpaid.length > 0 ? (
          <ul className="demo-list" aria-label="待支付订单">
            {unpaid.map((order) => (
              <li key={order.orderId}>
                <span>
                  {order.orderId} · 用户 {order.userId} · {formatYuan(order.payAmount)}
                </span>
                <button type="button" className="button" disabled={busy} aria-label={`订单 ${order.orderId} 支付成功`} onClick={() => void settle(order.orderId, 'completePayment')}>
                  支付成功
                </button>
                <button type="button" className="button" disabled={busy} aria-label={`订单 ${order.orderId} 支付失败`} onClick={() => void settle(order.orderId, 'failPayment')}>
                  支付失败
                </button>
                <button type="button" className="button" disabled={busy} aria-label={`订单 ${order.orderId} 取消支付`} onClick={() => void settle(order.orderId, 'cancelPayment')}>
                  取消支付
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">没有待支付的订单。</p>
        )}
        <Field label="订单号">{(id) => <input id={id} value={orderId} onChange={(e) => setOrderId(e.target.value)} autoComplete="off" />}</Field>
        <div className="button-row demo-row">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => submitOrder('completePayment')}>
            完成支付
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => submitOrder('failPayment')}>
            使支付失败
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => submitOrder('cancelPayment')}>
            取消支付
          </button>
        </div>
      </Panel>

      <Panel title="故障注入">
        <form onSubmit={applyFault}>
          <Field label="接口">
            {(id) => (
              <select id={id} value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
                {endpoints.map((e) => (
                  <option key={e.id} value={e.path}>
                    {e.method} {e.path}（{e.id}）
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="故障类型">
            {(id) => (
              <select id={id} value={faultKey} onChange={(e) => setFaultKey(e.target.value)}>
                {Object.entries(FAULT_CHOICES).map(([key, choice]) => (
                  <option key={key} value={key}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="button-row demo-row">
            <button type="submit" className="button button-primary" disabled={busy}>
              注入故障
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await control('clearFaults');
                  return '已清除全部故障';
                })
              }
            >
              清除全部故障
            </button>
          </div>
        </form>
        {faults.length > 0 ? (
          <ul className="demo-list" aria-label="当前故障">
            {faults.map(([path, fault]) => (
              <li key={path}>
                {path}：{fault.kind}
                {fault.times === undefined ? '' : `（剩余 ${fault.times} 次）`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">当前没有故障。</p>
        )}
      </Panel>

      <Panel title="时钟与每日弹窗">
        <p>
          弹窗时钟偏移：{offsetDays} 天
          {state.data ? `；后端时间：${formatDate(state.data.now, 'yyyy.MM.dd hh:mm')}` : ''}
        </p>
        <div className="button-row demo-row">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void advanceDay()}>
            前进一天
          </button>
          <button type="button" className="button" onClick={clearPopupRecord}>
            清除弹窗记录
          </button>
        </div>
      </Panel>

      <Panel title="状态机">
        <p className="muted">列出运行中的全部 actor、当前状态、上下文（个人信息已打码）和最近的事件；也可在任意页面按 Alt+Shift+I 打开。</p>
        <button type="button" className="button" onClick={() => void loadDevInspector().then((tools) => tools?.toggleInspectorPanel())}>
          打开状态机检查器
        </button>
      </Panel>

      <Panel title="数据">
        {state.data ? (
          <p className="muted">
            用户 {state.data.users.length} 个，订单 {state.data.orders.length} 个，二维码 {state.data.qrCodes} 个，投放出价请求 {state.data.bidRequests} 次
          </p>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={() => void reset()}>
          重置模拟数据
        </button>
      </Panel>
    </>
  );
}

export function DemoPage() {
  return (
    <main id="main" className="demo-page">
      <h1>演示控制台</h1>
      {config.apiMode === 'live' ? <p role="alert">{LIVE_MODE_MESSAGE}</p> : <DemoConsole />}
    </main>
  );
}
