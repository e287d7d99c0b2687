/**
 * The session's texts (the spec's wording). Their own module, without XState, so that the HTTP layer, which is
 * in the entry chunk, can name the expiry message without loading the session machine (src/api/http.ts).
 */
export const SESSION_MESSAGES = {
  loggedIn: '登录成功',
  loggedOut: '退出成功！',
  expired: '登录信息已失效,请重新登录',
  logoutFailed: '退出失败，请稍后重试',
} as const;
