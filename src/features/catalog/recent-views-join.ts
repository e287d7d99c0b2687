/**
 * 最近浏览 at login: whenever an account appears in this tab (a login, a restored session, another tab's login,
 * an auto-login link), a visitor's list waiting in this browser joins that account's and the visitor's copy goes
 * (`joinVisitorViews`, ./recent-views.ts). The store's code loads only when there is such a list. Installed by
 * the composition root after the root actor has started; returns the unsubscribe.
 */
import { sessionUserId, watchUserId, type AppActor } from '../../shared/app-actor';
import { hasVisitorViews } from './recent-views-keys';
import type { joinVisitorViews } from './recent-views';

type Store = { joinVisitorViews: typeof joinVisitorViews };

/** `load`: the store's code (tests hold it back to play a logout that comes first). */
export function installRecentViewsJoin(
  actor: Pick<AppActor, 'system' | 'subscribe'>,
  load: () => Promise<Store> = () => import('./recent-views'),
): () => void {
  return watchUserId(actor, (userId) => {
    if (userId === null || !hasVisitorViews()) return;
    // Still that account once the code is here (a logout meanwhile: the list stays the visitor's). Code that
    // fails to load: the next read or write of the account's list joins it (./recent-views.ts).
    load().then(
      ({ joinVisitorViews }) => {
        if (sessionUserId(actor.system) === userId) joinVisitorViews(userId);
      },
      () => undefined,
    );
  });
}
