/**
 * Which screen of the UI layer exercises which endpoint. Every endpoint of the
 * registry is either here or in NOT_CALLED_BY_THE_UI with the reason;
 * tests/reliability/fault-matrix-coverage.test.ts fails when one is in
 * neither (a new endpoint), when one is in both, and when an endpoint listed
 * as not called is in fact called from a screen.
 */
export const UI_PLAN = {
  /** `/`, anonymous: every home section, the sidebar's QQ code */
  home: [
    'games.qryBanner',
    'games.qryLabel',
    'games.hotSearch',
    'games.recommend',
    'games.qryPlate',
    'games.rank',
    'goods.findRecentSell',
    'dictionary.getDictItems',
    'dictionary.getDictText',
  ],
  /** `/search` logged in (no keyword: recent and hot keywords), then `/search?keyword=…` */
  search: ['games.search', 'games.recentGameSearch'],
  /** the header search box: suggestions while typing */
  searchSuggestions: ['games.combSearch'],
  /** `/gameDetail/1`: the game, its goods, requirements, evaluations, related games, price comparison, coupon hint, price history (an extension) */
  gameDetail: [
    'games.gameDetail',
    'goods.gameDetail',
    'games.gameConfig',
    'games.evaluationPage',
    'user.validaList',
    'goods.matchCoupon',
    'price-history.get',
  ],
  /** `/notice` */
  notices: ['assist.noticeList'],
  /** `/help`, a category, then `/help?q=…` */
  help: ['assist.classifyList', 'assist.classifyArticles', 'assist.articleSearch'],
  /** `/setting?type=0|1|2` and 退出登录 */
  setting: ['orders.list', 'coupons.mine', 'user.openBindInfo', 'user.logout'],
  /** `/orderDateil?id=`: the order, the credited account, 短信发送激活码, 领取赠品, 申请退款 */
  orderDetail: ['orders.detail', 'orders.boheAccount', 'orders.sendSms', 'orders.giftCdkReceive', 'orders.quickRefund'],
  /** 立即购买 → gating → the pay dialog → paying → polling; 继续支付 */
  buying: [
    'user.realNameConfig',
    'goods.checkStorage',
    'orders.payChannels',
    'orders.packageQueryV2',
    'orders.create',
    'orders.combineCreate',
    'orders.pay',
    'orders.status',
  ],
  /** the login dialog: SMS form and QR panel; the real-name reads of a fresh login; the real-name dialog */
  login: [
    'user.captchaStatus',
    'user.sendSms',
    'user.registerLogin',
    'user.phoneRegister',
    'user.getWxMpQrcode',
    'user.checkLogin',
    'user.loginBySessionCode',
    'user.realNameGetAuth',
    'user.realNameDoAuth',
  ],
  /** 加入愿望单 on a game, the 愿望单 tab (`/setting?type=4`), the header's count, the merge at login (an extension: docs/following-wishlist.md) */
  wishlist: ['wishlist.list', 'wishlist.add', 'wishlist.remove', 'wishlist.merge'],
  /** 加入购物车 on a game, `/cart` (its lines, 移除), the merge at login (an extension: docs/cart.md) */
  cart: ['cart.list', 'cart.set', 'cart.remove', 'cart.merge'],
  /** a link with an auto-login token: the exchange and the token login */
  autoLogin: ['user.checkTokenGetUserInfo', 'user.checkTokenLogin'],
  /** `/coupon` */
  couponLanding: ['coupons.offers', 'coupons.receive'],
  /** `/sem/activity`: the landing's sections */
  activityLanding: ['goods.activityGamePage', 'goods.activityTopGame', 'user.snakeNewYear'],
  /** what runs at start without a gesture: token ping, daily popup, attribution and bid */
  startUp: ['user.hello', 'user.homePopup', 'attribution.bid'],
} as const satisfies Record<string, readonly string[]>;

/** Registered endpoints no screen calls, and why they stay in the contract. */
export const NOT_CALLED_BY_THE_UI: Record<string, string> = {
  'goods.combSearch': 'goods matches: search lists games only',
  'goods.hotSearch': 'the games hot search (games.hotSearch) is used instead',
  'goods.rank': 'best-selling goods: the home page ranks games (games.rank)',
  'goods.recentGameSearch': 'recent searches come from games.recentGameSearch',
  'goods.recommend': 'goods recommendations: the home page recommends games',
  'goods.search': 'goods search: search lists games only',
  'goods.evaluationPage': 'per-goods evaluations: the game page shows the game’s evaluations',
  'user.loginAutoByToken': 'auto-login uses checkTokenLogin (docs/session.md)',
};
