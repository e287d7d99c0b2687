/**
 * What every API call carries from the first one on (spec section 9): the restored session's `token`, the
 * visit's channel (`registerCanal`) and a bid stored earlier in the visit (`adan`). The entry applies them
 * before anything calls the API, since a page's own calls (a prerendered home's side column, a search's
 * results) are made before the store's flows start (docs/architecture.md, "Start-up"). The flows apply the
 * same values again when they start (the session's restore, `startMarketing()`) and own them from then on.
 */
import type { PersistedSession } from '../../machines/session.machine';
import { clientState } from '../api/client-state';
import { readStoredAdan } from '../features/marketing/adan';
import { channelOfVisit } from '../features/marketing/channel';
import { loadPersistedSession } from '../features/session/persisted-session';
import { browserStorage } from '../shared/storage';

/** Sets the request identity of this visit; returns the session an earlier visit stored (or null). */
export function applyVisitIdentity(href: string): PersistedSession | null {
  const restored = loadPersistedSession();
  const visit = browserStorage('sessionStorage');
  clientState.set({
    token: restored?.user.token,
    channel: channelOfVisit(new URL(href), visit),
    adan: readStoredAdan(visit) ?? undefined,
  });
  return restored;
}
