/**
 * Marketing's door: the coupon list of the personal centre and its count for the overview, and the daily popup's record and clock for the
 * /demo console (src/features/demo). Start-up (start.ts), the adapters (integrations.ts), the landings and
 * the popup dialog are wired by src/app.
 */
export { CouponsPanel, useUsableCouponCount } from './coupons-panel';
export { DEMO_CLOCK_OFFSET_KEY, POPUP_RECORD_KEY, readDemoClockOffsetDays } from './popup-record';
