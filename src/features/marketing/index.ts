/**
 * Marketing's door: the coupon list of the personal centre. Start-up (start.ts), the adapters
 * (integrations.ts), the landings, the /demo console and the popup dialog are wired by src/app.
 */
export { CouponsPanel } from './coupons-panel';
