/**
 * Paying on a phone (docs/buying.md, "Paying on a phone"): the pay flow hands the payment to the pay
 * channel's H5 page, which sends the shopper back to the page they left with the order's id in the URL
 * (`?payOrder=`). This tab also keeps the hand-off in sessionStorage, so a reload while the payment is
 * awaited resumes it too. Both are read once at start-up (`takePaymentReturn`), and the app machine
 * resumes the payment for the account logged in.
 *
 * Meanwhile 正在确认支付结果 covers the page (docs/buying.md): `html.pay-returning` (set by src/app/boot.js from the
 * return URL before the app starts, and here for a resumed hand-off) shows index.html's cover, and a
 * dialog replaces it; the class goes once the pay dialog knows the order's status (`payReturnSettled`), or
 * when the dialogs that took over are all closed (the shopper closed the login instead).
 */
import * as z from 'zod/mini';
import { browserStorage, readJson, removeStored, writeJson, type StorageLike } from '../../shared/storage.ts';

/**
 * The return URL's parameter naming the order whose payment resumes.
 * @internal
 */
export const PAY_RETURN_PARAM = 'payOrder';
/**
 * This tab's hand-off to a pay app (sessionStorage): `{ orderId, owner }`.
 * @internal
 */
export const HAND_OFF_STORAGE_KEY = 'storefront.payHandOff';
const ORDER_ID = /^[\w-]{1,64}$/;

/** The path the pay channel sends the shopper back to: this page, with the order's id. */
export function returnPathFor(orderId: string, href: string = window.location.href): string {
  const url = new URL(href);
  url.searchParams.set(PAY_RETURN_PARAM, orderId);
  return `${url.pathname}${url.search}${url.hash}`;
}

interface StoredHandOff {
  orderId: string;
  owner: number | null;
}

/** A kept hand-off: an order id of the right form; an owner that is not a number is nobody's. */
const StoredHandOffSchema = z.object({
  orderId: z.string().check(z.regex(ORDER_ID)),
  owner: z.catch(z.nullable(z.number()), null),
});

export function rememberHandOff(
  handOff: StoredHandOff,
  storage: StorageLike | undefined = browserStorage('sessionStorage'),
): void {
  // Storage full or blocked: the return URL still carries the order.
  writeJson(storage, HAND_OFF_STORAGE_KEY, { orderId: handOff.orderId, owner: handOff.owner });
}

export function forgetHandOff(storage: StorageLike | undefined = browserStorage('sessionStorage')): void {
  removeStored(storage, HAND_OFF_STORAGE_KEY);
}

const readHandOff = (storage: StorageLike | undefined): StoredHandOff | null =>
  readJson(storage, HAND_OFF_STORAGE_KEY, StoredHandOffSchema, null);

/**
 * The payment to resume at start-up, if any: the return URL's order (taken off the address bar, so a
 * reload does not ask again), else this tab's hand-off when it belongs to the account restored now.
 */
export function takePaymentReturn(
  userId: number | null,
  options: { location?: Location; history?: History; storage?: StorageLike | undefined } = {},
): { orderId: string } | null {
  const location = options.location ?? window.location;
  const history = options.history ?? window.history;
  const storage = 'storage' in options ? options.storage : browserStorage('sessionStorage');
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get(PAY_RETURN_PARAM);
  if (fromUrl !== null) {
    url.searchParams.delete(PAY_RETURN_PARAM);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (ORDER_ID.test(fromUrl)) return coverUntilSettled({ orderId: fromUrl });
  }
  const kept = readHandOff(storage);
  if (kept && (kept.owner === null || kept.owner === userId)) return coverUntilSettled({ orderId: kept.orderId });
  if (kept) forgetHandOff(storage);
  payReturnSettled();
  return null;
}

const RETURNING = 'pay-returning';
/** What the cover (index.html, written by scripts/vite-site-legal.ts) and the pay dialog say until the returned order's status is known. */
export const PAY_RETURN_PENDING = '正在确认支付结果…';

/** The return's order is known to the store now: the page shows again. */
export function payReturnSettled(): void {
  document.documentElement.classList.remove(RETURNING);
}

/**
 * Keeps the cover until the order's status is known; if the dialogs that took its place all close first (a
 * visitor closed the login the return asked for), the page shows again.
 */
function coverUntilSettled<T>(value: T): T {
  const root = document.documentElement;
  root.classList.add(RETURNING);
  let seen = false;
  const observer = new MutationObserver(() => {
    if (!root.classList.contains(RETURNING)) return observer.disconnect();
    const open = document.querySelector('.dialog-backdrop') !== null;
    if (open) seen = true;
    else if (seen) {
      payReturnSettled();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true });
  return value;
}
