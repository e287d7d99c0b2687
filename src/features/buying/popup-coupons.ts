/**
 * Coupons a login earns come with the daily popup's answer (home/popup hands a new account its coupons),
 * which may arrive while the pay dialog is open: the popup then waits for a free slot, and the dialog would
 * offer what the account held before (issue 32). `onPopupCoupons` calls back each time the popup machine
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
