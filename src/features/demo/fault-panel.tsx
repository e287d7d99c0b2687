/** 故障注入: makes one endpoint of the simulated backend fail in a chosen way, and lists the faults set. */
import { useState, type FormEvent } from 'react';
import { clearFaults, setFault, type MockState } from '../../api/demo-controls';
import { registeredEndpoints } from '../../api/endpoints';
import { Field, Panel, type ConsoleActions } from './demo-ui';
import { Select } from '../../shared/ui/form-controls';

type FaultChoice = { label: string; fault: Record<string, unknown> };

const FAULT_CHOICES: Record<string, FaultChoice> = {
  network: { label: '网络中断', fault: { kind: 'network' } },
  timeout: { label: '请求超时（不应答）', fault: { kind: 'timeout' } },
  delay: { label: '延迟 3 秒', fault: { kind: 'delay', ms: 3000 } },
  http500: { label: 'HTTP 500', fault: { kind: 'http', status: 500 } },
  http502: { label: '网关错误 502（HTML 页面）', fault: { kind: 'http', status: 502, html: true } },
  business: {
    label: '业务错误（系统繁忙）',
    fault: { kind: 'business', code: 'sys_50001', message: '系统繁忙，请稍后重试' },
  },
  auth: { label: '登录失效（auth_40001）', fault: { kind: 'auth', code: 'auth_40001' } },
  malformed: { label: '返回内容不是合法 JSON', fault: { kind: 'malformed' } },
  schema: { label: '返回数据结构不符', fault: { kind: 'schema' } },
};

export function FaultPanel({ run, busy, faults }: ConsoleActions & { faults: MockState['faults'] }) {
  const endpoints = registeredEndpoints();
  const [endpoint, setEndpoint] = useState(endpoints[0]?.path ?? '');
  const [faultKey, setFaultKey] = useState('network');
  const applyFault = (event: FormEvent) => {
    event.preventDefault();
    const choice = FAULT_CHOICES[faultKey];
    if (!choice || !endpoint) return;
    void run(async () => {
      await setFault(endpoint, choice.fault);
      return `已对 ${endpoint} 注入故障：${choice.label}`;
    });
  };
  const current = Object.entries(faults);
  return (
    <Panel title="故障注入">
      <form onSubmit={applyFault}>
        <Field label="接口">
          {(id) => (
            <Select id={id} value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
              {endpoints.map((e) => (
                <option key={e.id} value={e.path}>
                  {e.method} {e.path}（{e.id}）
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="故障类型">
          {(id) => (
            <Select id={id} value={faultKey} onChange={(e) => setFaultKey(e.target.value)}>
              {Object.entries(FAULT_CHOICES).map(([key, choice]) => (
                <option key={key} value={key}>
                  {choice.label}
                </option>
              ))}
            </Select>
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
                await clearFaults();
                return '已清除全部故障';
              })
            }
          >
            清除全部故障
          </button>
        </div>
      </form>
      {current.length > 0 ? (
        <ul className="demo-list" aria-label="当前故障">
          {current.map(([path, fault]) => (
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
  );
}
