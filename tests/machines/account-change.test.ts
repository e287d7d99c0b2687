// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CHANGE_MESSAGES,
  cancelledPurchaseMessage,
  purchaseOnAccountChange,
  type AccountChange,
} from '../../machines/account-change';

const change = (user: number | null, reason: AccountChange['reason']): AccountChange => ({
  type: 'session.changed',
  user: user === null ? null : { userId: user },
  reason,
});

describe('what an account change means to a purchase (docs/buying.md, "Account changes")', () => {
  it.each([
    // owner, new user, reason, effect
    [7, 7, 'login', 'keep'],
    [7, 7, 'synced', 'keep'],
    [null, 8, 'login', 'keep'],
    [null, 8, 'synced', 'keep'],
    [7, 8, 'login', 'switched'],
    [7, 8, 'synced', 'switched'],
    [7, null, 'expired', 'suspend'],
    [null, null, 'expired', 'suspend'],
    [7, null, 'synced', 'signedOutElsewhere'],
    [null, null, 'synced', 'cancel'],
    [7, null, 'logout', 'cancel'],
    // A login in this tab over another account: the session first announces that account's departure.
    [7, null, 'login', 'switched'],
    [null, null, 'login', 'switched'],
  ] as const)('owner %s, then user %s (%s): %s', (owner, user, reason, effect) => {
    expect(purchaseOnAccountChange(owner, change(user, reason))).toBe(effect);
  });

  it('says whether an unpaid order was kept', () => {
    expect(cancelledPurchaseMessage('switched', false)).toBe(ACCOUNT_CHANGE_MESSAGES.switched);
    expect(cancelledPurchaseMessage('switched', true)).toBe(ACCOUNT_CHANGE_MESSAGES.switchedOrderKept);
    expect(cancelledPurchaseMessage('signedOutElsewhere', false)).toBe(ACCOUNT_CHANGE_MESSAGES.signedOutElsewhere);
    expect(cancelledPurchaseMessage('signedOutElsewhere', true)).toBe(
      ACCOUNT_CHANGE_MESSAGES.signedOutElsewhereOrderKept,
    );
  });
});
