/**
 * How the session flows read a failed invoke. The app's actors reject with
 * errors that carry the server's business `code` (e.g. `user_40404`) and a
 * message fit for a shopper (the server's `retMsg`, or Chinese text for
 * transport failures); machines only read those two fields, so they stay
 * independent of the HTTP layer's error class.
 */
export interface Failure {
  /** business code such as `user_40404`, when the server gave one */
  code: string | undefined;
  /** text to show as is */
  message: string;
}

const DEFAULT_FAILURE_MESSAGE = '操作失败，请稍后重试';

export function readFailure(error: unknown, fallback: string = DEFAULT_FAILURE_MESSAGE): Failure {
  if (typeof error !== 'object' || error === null) return { code: undefined, message: fallback };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' && code ? code : undefined,
    message: typeof message === 'string' && message.trim() ? message : fallback,
  };
}

/**
 * An order the server refused because a line's price is not the one the shopper was shown (`order_40004`, docs/cart.md):
 * the effects mark it `priceChanged`.
 */
export const isPriceChanged = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { priceChanged?: unknown }).priceChanged === true;

/**
 * A write that failed because its account no longer holds the session (`accountGone` on the error: the effects
 * mark an auth answer, or the server's "another account" code): the wishlist and the cart park it for that account.
 */
export const isAccountGone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { accountGone?: unknown }).accountGone === true;
