/** Said while the 愿望单 tab's code or list loads (the tab's fallback in the personal centre, and the panel). */
export const WISHLIST_LOADING = '正在加载愿望单…';
