/**
 * The personal centre's tabs by the spec's `type` of /setting (0 = orders): the one spelling of their names,
 * for the page's tabs (features/session/setting-page.tsx) and the account chip's menu
 * (features/shell/account-menu.tsx).
 */
export const SETTING_TAB_LABELS = {
  0: '我的订单',
  1: '我的优惠券',
  2: '账号与实名',
  3: '我的激活码',
  4: '愿望单',
  5: '最近浏览',
} as const;
