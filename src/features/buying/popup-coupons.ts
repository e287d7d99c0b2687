/**
 * Coupons a login earns come with the daily popup's answer (home/popup hands a new account its coupons),
 * which may arrive while the pay dialog is open: the popup then waits for a free slot, and the dialog would
 * offer what the account held before (docs/buying.md). `onPopupCoupons` calls back each time the popup machine
 * receives a coupon the dialog does not know of, so the dialog asks the one matching owner (matchCoupon) again.
 */
import type { SettledCoupons } from '../../../machines/payment.machine';
import type { Coupon } from '../../api/common';

interface PopupLike {
  getSnapshot(): { context: { coupons: readonly Coupon[] } };
  subscribe(listener: (snapshot: { context: { coupons: readonly Coupon[] } }) => void): { unsubscribe(): void };
}

/**
 * Calls `listener` when the popup receives coupons of which one at least is not among `known()`: the ids the
 * dialog knows the account held when it asked (its own list, and what the pay flow's claim saw). The popup
 * answering after the pay flow's claim lists the same coupons: asking again for them would only put the sheet
 * back to 优惠计算中… for a moment, and a tap on 立即支付 in that moment would be lost.
 */
export function onPopupCoupons(popup: PopupLike, listener: () => void, known: () => Iterable<string>): () => void {
  let seen = popup.getSnapshot().context.coupons;
  const subscription = popup.subscribe((snapshot) => {
    if (snapshot.context.coupons === seen) return;
    seen = snapshot.context.coupons;
    const held = new Set(known());
    if (seen.some((coupon) => !held.has(coupon.couponId))) listener();
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
 * before. Returns the ids of the coupons the claim's answer listed (the popup's own answer, later, lists the
 * same ones), or undefined when it made no claim.
 */
export async function settleLoginCoupons(
  popup: PopupActorLike | undefined,
  owner: number | null,
  claim: () => Promise<{ couponList: readonly { couponId: string }[] }>,
  signal: AbortSignal,
): Promise<SettledCoupons> {
  if (owner === null) return undefined;
  const decided = popup ? await whenDecided(popup, signal) : undefined;
  if (decided && decided.context.userId === owner && !decided.matches('fetching')) return undefined;
  const answer = await claim();
  return answer.couponList.map((coupon) => coupon.couponId);
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
