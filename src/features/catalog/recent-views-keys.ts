/**
 * The storage keys of 最近浏览 (./recent-views.ts), apart so that the login hook (./recent-views-join.ts), which
 * starts with the store's flows, can tell whether a visitor's list is waiting without loading the store.
 */
import { browserStorage, readText } from '../../shared/storage';

export const RECENT_VIEWS_KEY_PREFIX = 'recent-views:v1:';
export const RECENT_VIEWS_VISITOR_KEY = `${RECENT_VIEWS_KEY_PREFIX}visitor`;

/** Whether a visitor's list waits in this browser (read without loading the store). */
export const hasVisitorViews = (): boolean =>
  readText(browserStorage('localStorage'), RECENT_VIEWS_VISITOR_KEY) !== null;

/** Whose list: an account (`u<userId>`) or the visitor of this browser. */
export type Viewer = `u${number}` | 'visitor';

export const viewerOf = (userId: number | null): Viewer => (userId === null ? 'visitor' : `u${userId}`);

/** The storage key of a viewer's list. */
export const recentViewsKey = (viewer: Viewer): string =>
  viewer === 'visitor' ? RECENT_VIEWS_VISITOR_KEY : `${RECENT_VIEWS_KEY_PREFIX}${viewer}`;
