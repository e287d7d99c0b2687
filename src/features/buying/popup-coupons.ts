/**
 * Coupons a login earns come with the daily popup's answer (home/popup hands a new account its coupons),
 * which may arrive while the pay dialog is open: the popup then waits for a free slot, and the dialog would
 * offer what the account held before (docs/buying.md). `onPopupCoupons` calls back each time the popup machine
 * receives coupons, so the dialog asks the one matching owner (matchCoupon) again.
 */
import type { Coupon } from '../../api/common';

interface PopupLike {
  getSnapshot(): { context: { coupons: readonly Coupon[] } };
  subscribe(listener: (snapshot: { context: { coupons: readonly Coupon[] } }) => void): { unsubscribe(): void };
}

export function onPopupCoupons(popup: PopupLike, listener: () => void): () => void {
  let seen = popup.getSnapshot().context.coupons;
  const subscription = popup.subscribe((snapshot) => {
    if (snapshot.context.coupons === seen) return;
    seen = snapshot.context.coupons;
    if (seen.length > 0) listener();
  });
  return () => subscription.unsubscribe();
}

/** What the pay flow reads of the popup actor (the `couponPopup` child of the root). */
export interface PopupActorLike {
  getSnapshot(): PopupStateLike;
  subscribe(listener: (snapshot: PopupStateLike) => void): { unsubscribe(): void };
}

interface PopupStateLike {
  matches(state: 'checking' | 'fetching'): boolean;
  context: { userId: number | null };
}

/**
 * Makes sure the coupons `owner`'s login earned are in the account before the pay sheet reads its coupon
 * list (docs/buying.md, "The price is final before 立即支付"). The server hands a new account its coupons with
 * the popup's answer (home/popup), and the popup asks only at a quiet moment, which a shopper who keeps
 * tapping never leaves it. So: once the popup has decided whether it is due (a local check), a popup still
 * waiting to ask for this account — or none, or one for someone else — means the pay flow makes the call
 * itself (`claim`); one that has asked (or is not due today, so asked earlier) means nothing is owed. A popup
 * switched off (an auto-login visit, /demo) is not due: its account is handed nothing on this page view, as
 * before.
 */
export async function settleLoginCoupons(
  popup: PopupActorLike | undefined,
  owner: number | null,
  claim: () => Promise<unknown>,
  signal: AbortSignal,
): Promise<void> {
  if (owner === null) return;
  const decided = popup ? await whenDecided(popup, signal) : undefined;
  if (decided && decided.context.userId === owner && !decided.matches('fetching')) return;
  await claim();
}

/** The popup's snapshot once it has decided whether it is due (its `checking` state is over). */
function whenDecided(popup: PopupActorLike, signal: AbortSignal): Promise<PopupStateLike> {
  return new Promise((resolve, reject) => {
    const now = popup.getSnapshot();
    if (!now.matches('checking')) {
      resolve(now);
      return;
    }
    const abort = () => {
      subscription.unsubscribe();
      reject(signal.reason);
    };
    const subscription = popup.subscribe((snapshot) => {
      if (snapshot.matches('checking')) return;
      subscription.unsubscribe();
      signal.removeEventListener('abort', abort);
      resolve(snapshot);
    });
    signal.addEventListener('abort', abort, { once: true });
  });
}
