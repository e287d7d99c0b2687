/**
 * What an account change means to a purchase in progress: the one owner of
 * that rule for both purchase flows (`payGate` before the pay dialog,
 * `payment` inside it) and of the messages it shows (docs/buying.md,
 * "Account changes").
 *
 * A purchase belongs to the account that started it (`owner`; null while the
 * flow has not read the session, as for a visitor's 立即购买). The session
 * announces every change with a reason (`session.changed { user, reason }`).
 */
import type { SessionChangeReason } from './session.machine';

/** The `session.changed` fields the purchase flows read. */
export interface AccountChange {
  type: 'session.changed';
  user: { userId: number } | null;
  reason: SessionChangeReason;
}

/**
 * - `keep`: the same account (or a first one for a visitor's purchase): nothing to do here.
 * - `suspend`: the login expired; the purchase waits, with every choice, for the next login of its account.
 * - `cancel`: this tab's own 退出登录; the session already says 退出成功！.
 * - `switched`: another account now holds this tab (another tab's login, an auto-login link, a login
 *   through a dialog left open under this account's); a login here announces the previous account's
 *   departure (`user: null, reason: 'login'`) before the new token is used.
 * - `signedOutElsewhere`: another tab logged out.
 */
export type PurchaseOnAccountChange = 'keep' | 'suspend' | 'cancel' | 'switched' | 'signedOutElsewhere';

export function purchaseOnAccountChange(owner: number | null, change: AccountChange): PurchaseOnAccountChange {
  if (change.user) return owner === null || change.user.userId === owner ? 'keep' : 'switched';
  if (change.reason === 'expired') return 'suspend';
  if (change.reason === 'login') return 'switched';
  if (change.reason === 'synced' && owner !== null) return 'signedOutElsewhere';
  return 'cancel';
}

export const ACCOUNT_CHANGE_MESSAGES = {
  switched: '账号已切换，本次购买已取消，请重新下单',
  switchedOrderKept: '账号已切换，本次支付已取消；未支付的订单保留在原账号的「我的订单」中',
  signedOutElsewhere: '账号已在其他页面退出，本次购买已取消',
  signedOutElsewhereOrderKept: '账号已在其他页面退出，本次支付已取消；重新登录后可在「我的订单」中继续支付',
  /** A purchase suspended by an expiry, when another account logs in next. */
  resumeDropped: '已登录其他账号，之前账号未完成的购买已取消',
} as const;

/** The warning for a purchase cancelled by another tab (`orderKept`: an unpaid order of the old account exists). */
export function cancelledPurchaseMessage(effect: 'switched' | 'signedOutElsewhere', orderKept: boolean): string {
  if (effect === 'switched')
    return orderKept ? ACCOUNT_CHANGE_MESSAGES.switchedOrderKept : ACCOUNT_CHANGE_MESSAGES.switched;
  return orderKept ? ACCOUNT_CHANGE_MESSAGES.signedOutElsewhereOrderKept : ACCOUNT_CHANGE_MESSAGES.signedOutElsewhere;
}

type GuardArgs = { context: { owner: number | null }; event: { type: string } };

const changeOf = ({ context, event }: GuardArgs): PurchaseOnAccountChange =>
  event.type === 'session.changed' ? purchaseOnAccountChange(context.owner, event as AccountChange) : 'keep';

/**
 * The guards both purchase flows take into their `setup()`, for the purchase's owner (`context.owner`): one
 * copy of the rule's reading, so the pay gate and the payment cannot drift apart.
 */
export const accountChangeGuards = {
  /** The login expired: the purchase waits for its account. */
  isExpiry: (args: GuardArgs) => changeOf(args) === 'suspend',
  /** This tab's own 退出登录. */
  isOwnLogout: (args: GuardArgs) => changeOf(args) === 'cancel',
  /**
   * Another account holds this tab now, or the owner logged out elsewhere: another tab's login or logout, an
   * auto-login link, or a login in this tab over the owner's account. The purchase is cancelled with a warning.
   */
  isCancelledByAccountChange: (args: GuardArgs) => {
    const change = changeOf(args);
    return change === 'switched' || change === 'signedOutElsewhere';
  },
};
