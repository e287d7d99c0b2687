import { useHydrated } from './hydration';
import { useMediaQuery } from './use-media';

/** A phone: a coarse pointer on a narrow screen, or a mobile browser's user agent. It pays in the pay app, not by a QR code. */
const PHONE_QUERY = '(pointer: coarse) and (max-width: 767px)';
const MOBILE_AGENT = /Android|iPhone|iPod|Mobile|HarmonyOS/i;

/** Its own module, so that the first paint's chunk (which has ./use-media.ts) does not carry it. */
export function usePhone(): boolean {
  const narrowTouch = useMediaQuery(PHONE_QUERY);
  // The user agent only once hydrated: a prerendered page's HTML was made for no device (./hydration.ts).
  const hydrated = useHydrated();
  return narrowTouch || (hydrated && typeof navigator !== 'undefined' && MOBILE_AGENT.test(navigator.userAgent));
}
