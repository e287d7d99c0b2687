/**
 * The faults of the reliability matrix (docs/reliability.md) and what each one must turn
 * into for a shopper. The simulated backend injects them
 * (`backend.control.setFault`, src/mock/handlers/faults.ts); the expected
 * texts are written out here, not computed with the app's own `userMessage`,
 * so a changed wording fails the matrix.
 */
import type { ApiErrorKind } from '../../../src/api/errors';
import type { FaultSpec } from '../../../src/mock/backend';

export interface FaultCase {
  /** short name used in test titles and in docs/reliability.md */
  name: string;
  /** what the simulated backend does */
  fault: FaultSpec;
  kind: ApiErrorKind;
  /** the business code the error carries, if any */
  code?: string;
  /** the HTTP status, for `http` */
  status?: number;
  /** the text a shopper reads (`userMessage(error)`), for a request timeout of `timeoutMs` */
  userText: (timeoutMs: number) => string;
}

const UNKNOWN_CODE = 'zz_59999';
const UNKNOWN_CODE_MESSAGE = '服务开小差了（zz_59999）';
const AUTH_40001_MESSAGE = '登录信息已失效,请重新登录';
const AUTH_40002_MESSAGE = '您的账号已在其他设备登录,请重新登录';
const CONTRACT_TEXT = '服务返回的数据异常，请稍后重试（错误码 DATA）';

export const FAULTS: readonly FaultCase[] = [
  {
    name: 'network error',
    fault: { kind: 'network' },
    kind: 'network',
    userText: () => '网络连接失败，请检查网络后重试（错误码 NET）',
  },
  {
    name: 'timeout',
    fault: { kind: 'timeout' },
    kind: 'timeout',
    userText: () => '请求超时，请稍后重试（错误码 TIME）',
  },
  {
    name: 'HTTP 500',
    fault: { kind: 'http', status: 500 },
    kind: 'http',
    status: 500,
    userText: () => '服务暂时不可用，请稍后重试（错误码 HTTP500）',
  },
  {
    name: 'HTTP 502 HTML page',
    fault: { kind: 'http', status: 502, html: true },
    kind: 'http',
    status: 502,
    userText: () => '服务暂时不可用，请稍后重试（错误码 HTTP502）',
  },
  {
    name: 'success:false, unknown code',
    fault: { kind: 'business', code: UNKNOWN_CODE, message: UNKNOWN_CODE_MESSAGE },
    kind: 'business',
    code: UNKNOWN_CODE,
    userText: () => UNKNOWN_CODE_MESSAGE,
  },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, kind: 'contract', userText: () => CONTRACT_TEXT },
  { name: 'body failing its schema', fault: { kind: 'schema' }, kind: 'contract', userText: () => CONTRACT_TEXT },
  {
    name: 'auth_40001',
    fault: { kind: 'auth', code: 'auth_40001' },
    kind: 'auth',
    code: 'auth_40001',
    userText: () => AUTH_40001_MESSAGE,
  },
  {
    name: 'auth_40002',
    fault: { kind: 'auth', code: 'auth_40002' },
    kind: 'auth',
    code: 'auth_40002',
    userText: () => AUTH_40002_MESSAGE,
  },
];

export const isAuthFault = (f: FaultCase) => f.kind === 'auth';

/** Fills `{name}` path parameters with harmless values (a fault answers before the endpoint runs). */
export function pathParams(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, `p-${name!}`]));
}
