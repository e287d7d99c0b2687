/**
 * The storage keys of 最近浏览 (./recent-views.ts), apart so that the login hook (./recent-views-join.ts), which
 * starts with the store's flows, can tell whether a visitor's list is waiting without loading the store.
 */
export const RECENT_VIEWS_KEY_PREFIX = 'recent-views:v1:';
export const RECENT_VIEWS_VISITOR_KEY = `${RECENT_VIEWS_KEY_PREFIX}visitor`;
