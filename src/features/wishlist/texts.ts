/** Said while the 愿望单 tab's code or list loads (the tab's fallback in the personal centre, and the panel). */
export const WISHLIST_LOADING = '正在加载愿望单…';

/** A visitor's add this browser's storage refused (full or blocked): the game is not on the list. */
export const WISHLIST_NOT_SAVED = '浏览器存储空间不足，未能加入愿望单';
/** A visitor's add over VISITOR_LIST_MAX (wishlist-effects.ts). */
export const wishlistFull = (max: number) => `愿望单最多保存 ${max} 个游戏，请先移除一些再加入`;
/** A visitor's list stored longer than VISITOR_LIST_MAX (an older build, a person's edit), at its login. */
export const wishlistCapped = (max: number, dropped: number) =>
  `愿望单最多合并 ${max} 个游戏，较早加入的 ${dropped} 个未能合并`;

/** Under a visitor's 愿望单 tab, before its 登录后同步到账号 button. */
export const WISHLIST_VISITOR_NOTE = '愿望单保存在本浏览器，';
/** An add, said in a toast (announced): an account's, and a visitor's (kept in this browser until a login). */
export const WISHLIST_ADDED = '已加入愿望单';
export const WISHLIST_ADDED_VISITOR = '已加入愿望单，登录后同步到账号';
