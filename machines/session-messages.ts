/**
 * The session's texts (the spec's wording). The HTTP layer, which may not import a machine, writes the expiry
 * message again as its fallback for an auth answer without a message (AUTH_FALLBACK_MESSAGE, src/api/errors.ts);
 * tests/api/http.test.ts keeps the two equal.
 */
export const SESSION_MESSAGES = {
  loggedIn: '登录成功',
  loggedOut: '退出成功！',
  expired: '登录信息已失效,请重新登录',
  logoutFailed: '退出失败，请稍后重试',
} as const;
