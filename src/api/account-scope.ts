/**
 * Answers that belong to the logged-in account (its coupons, orders, bindings, searches) say so in their
 * React Query `meta`. Their keys carry the user id, and the app drops them all whenever the account
 * changes — logout, expiry, another tab, auto-login — so nothing of one shopper reaches the next
 * (`installAccountScope` in src/app/account-data.ts).
 */
export const ACCOUNT_SCOPED = { accountScoped: true } as const;

export function isAccountScoped(meta: Readonly<Record<string, unknown>> | undefined): boolean {
  return meta?.accountScoped === true;
}
