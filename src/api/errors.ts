/**
 * One error type for every failed call. `kind` tells the UI what happened;
 * `message` carries the spec's wording for transport failures and the
 * server's `retMsg` for business failures.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'aborted' | 'http' | 'business' | 'auth' | 'contract';

const AUTH_ERROR_CODES = ['auth_40001', 'auth_40002'] as const;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  endpoint: string;
  status?: number;
  code?: string;
  /** zod issue path for a contract error, e.g. `retData.0.price` */
  issuePath?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly issuePath: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.issuePath = init.issuePath;
  }
}

/**
 * What a failure says when the server gave no retMsg. The auth text is the spec's expiry message, the same
 * words the session machine shows when it prompts a new login (SESSION_MESSAGES.expired, machines/session-messages.ts):
 * the API layer imports no machine, so the words stand in both places and tests/api/http.test.ts keeps them equal.
 */
export const AUTH_FALLBACK_MESSAGE = '登录信息已失效,请重新登录';
export const BUSINESS_FALLBACK_MESSAGE = '请求失败，请稍后重试';

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isAuthCode(code: unknown): boolean {
  return typeof code === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * Chinese text for a shopper, ending with a short code support can look up (docs/decisions/0019-money-path-trust-and-budget.md): the transport's
 * own English words (`Network Error`, `Request failed with status code 500`) stay on the error for logs
 * and tests, never on the screen. A business failure shows the server's own retMsg as it is (spec
 * section 7); its code is the server's `retCode`, which support already has.
 */
export function userMessage(error: unknown): string {
  if (!isApiError(error)) return withCode('出了点问题，请稍后重试', 'APP');
  switch (error.kind) {
    case 'business':
    case 'auth':
      return error.message;
    case 'network':
      return withCode('网络连接失败，请检查网络后重试', 'NET');
    case 'timeout':
      return withCode('请求超时，请稍后重试', 'TIME');
    case 'aborted':
      return withCode('请求已取消', 'ABORT');
    case 'http':
      return withCode('服务暂时不可用，请稍后重试', `HTTP${error.status ?? ''}`);
    case 'contract':
      return withCode('服务返回的数据异常，请稍后重试', 'DATA');
  }
}

const withCode = (text: string, code: string) => `${text}（错误码 ${code}）`;

/**
 * A failure that says the call's account no longer holds the session (an auth answer, or the server's
 * `wrongAccountCode`: the wishlist's and the cart's calls name their account), marked `accountGone` for the
 * machines that park such a write for that account (machines/failure.ts); any other failure as it is.
 */
export function markAccountGone(error: unknown, wrongAccountCode: string): unknown {
  return isApiError(error) && (error.kind === 'auth' || (error.kind === 'business' && error.code === wrongAccountCode))
    ? Object.assign(new Error(error.message), { accountGone: true })
    : error;
}

/** Whether a failure says the server does not know the call (a live server without an extension: the wishlist, the cart). */
export function isUnsupported(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    (error.kind === 'http' && (error.status === 404 || error.status === 405)) ||
    (error.kind === 'business' && (error.code === '404' || error.code === '405'))
  );
}
