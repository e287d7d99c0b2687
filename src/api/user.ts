/** User: login, session, real-name and account calls under /u-nnpc. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { CouponSchema, EpochMsSchema } from './common';
import { defineEndpoint, emptyList, http } from './http';
import { RealNameInfoSchema, UserInfoSchema } from './user-info';

export { RealNameInfoSchema, UserInfoSchema, type RealNameInfo, type UserInfo } from './user-info';

export const RealNameConfigSchema = z.object({
  enable: z.boolean(),
  /** 1 = real name required before paying */
  sceneType: z.int(),
});
export type RealNameConfig = z.infer<typeof RealNameConfigSchema>;

export const QrCodeSchema = z.object({
  qrId: z.string(),
  /** image URL (an SVG under /webapi/static/qr/ in the simulated backend) */
  qrImage: z.string(),
  expireSeconds: z.int(),
});
export type QrCode = z.infer<typeof QrCodeSchema>;

export const QrStatusSchema = z.object({
  status: z.enum(['waiting', 'scanned', 'expired']),
  /** present once scanned: exchange it with loginBySessionCode */
  sessionCode: z.nullable(z.string()),
});
export type QrStatus = z.infer<typeof QrStatusSchema>;

export const OpenBindInfoSchema = z.object({
  wechatBound: z.boolean(),
  wechatNickname: z.nullable(z.string()),
  qqBound: z.boolean(),
});

export const CompetitorPriceSchema = z.object({
  platform: z.string(),
  /** fen */
  price: z.int(),
  url: z.string(),
  /** the goods (edition) this price is for (added, docs/decisions/0019-money-path-trust-and-budget.md): the one asked for, else the game's standard one */
  goodsId: z.optional(z.int()),
});
export type CompetitorPrice = z.infer<typeof CompetitorPriceSchema>;

export const NewYearActivitySchema = z.object({
  active: z.boolean(),
  title: z.string(),
  banner: z.string(),
  startTime: EpochMsSchema,
  endTime: EpochMsSchema,
  rules: z.array(z.string()),
});
export type NewYearActivity = z.infer<typeof NewYearActivitySchema>;

type Opts = { signal?: AbortSignal | undefined };
const retMsgShown = 'retMsg in the form';

export const sendSms = defineEndpoint({
  id: 'user.sendSms',
  method: 'POST',
  path: '/u-nnpc/api/v3/userSms/sendSms',
  data: z.boolean(),
  request: '`{ phone }`',
  response: '`true`; `sms_42901` within 60 s',
  uiOnFailure: retMsgShown,
});
export const captchaStatus = defineEndpoint({
  id: 'user.captchaStatus',
  method: 'POST',
  path: '/u-nnpc/api/v3/captcha/common/findStatus',
  data: z.object({ needCaptcha: z.boolean() }),
  request: '`{ phone }`',
  response: '`{ needCaptcha }`',
  uiOnFailure: retMsgShown,
});
export const registerLogin = defineEndpoint({
  id: 'user.registerLogin',
  method: 'POST',
  path: '/u-nnpc/api/mall/registerLogin',
  data: UserInfoSchema,
  request: '`{ phone, code }`',
  response: '`UserInfo`; `user_40404` no account (then phoneRegister); `sms_40001`',
  uiOnFailure: retMsgShown,
});
export const phoneRegister = defineEndpoint({
  id: 'user.phoneRegister',
  method: 'POST',
  path: '/u-nnpc/api/mall/phoneRegister',
  data: UserInfoSchema,
  request: '`{ phone, code }`',
  response: 'the new `UserInfo`',
  uiOnFailure: retMsgShown,
});
export const logout = defineEndpoint({
  id: 'user.logout',
  method: 'POST',
  path: '/u-nnpc/api/mall/logout',
  data: z.boolean(),
  request: '`{ token }`',
  response: '`true`',
  uiOnFailure: 'retMsg error toast (spec)',
});
export const loginBySessionCode = defineEndpoint({
  id: 'user.loginBySessionCode',
  method: 'POST',
  path: '/u-nnpc/api/mall/loginBySessionCode',
  data: UserInfoSchema,
  request: '`{ sessionCode }`',
  response: '`UserInfo`',
  uiOnFailure: 'QR panel message with a refresh',
});
export const getWxMpQrcode = defineEndpoint({
  id: 'user.getWxMpQrcode',
  method: 'GET',
  path: '/u-nnpc/api/mall/getWxMpQrcode',
  data: QrCodeSchema,
  request: 'none',
  response: '`{ qrId, qrImage, expireSeconds }`',
  uiOnFailure: 'QR panel message with a refresh',
});
export const checkLogin = defineEndpoint({
  id: 'user.checkLogin',
  method: 'GET',
  path: '/u-nnpc/api/mall/checkLogin/{id}',
  data: QrStatusSchema,
  request: 'path `id` (the qrId)',
  response: '`{ status: waiting|scanned|expired, sessionCode }`',
  uiOnFailure: 'Polling continues; expiry shows 二维码已过期, 点击刷新',
});
export const realNameDoAuth = defineEndpoint({
  id: 'user.realNameDoAuth',
  method: 'POST',
  path: '/u-nnpc/api/mall1/realName/doAuth',
  data: z.boolean(),
  request: '`{ realName, idCardNo }`',
  response: '`true`; `realname_40001`, `realname_40002`',
  uiOnFailure: retMsgShown,
});
export const realNameGetAuth = defineEndpoint({
  id: 'user.realNameGetAuth',
  method: 'POST',
  path: '/u-nnpc/api/mall1/realName/getAuth',
  data: z.nullable(RealNameInfoSchema),
  request: '`{}`',
  response: '`RealNameInfo | null`',
  uiOnFailure: 'Treated as not verified',
});
export const realNameConfig = defineEndpoint({
  id: 'user.realNameConfig',
  method: 'POST',
  path: '/u-nnpc/api/mall/realName/global/config',
  data: RealNameConfigSchema,
  request: '`{}`',
  response: '`{ enable, sceneType }`',
  uiOnFailure: 'Error toast; the purchase can be retried',
});
export const openBindInfo = defineEndpoint({
  id: 'user.openBindInfo',
  method: 'POST',
  path: '/u-nnpc/getOpenBindInfo',
  data: OpenBindInfoSchema,
  request: '`{}`',
  response: '`{ wechatBound, wechatNickname, qqBound }`',
  uiOnFailure: 'Binding row hidden',
});
export const checkTokenGetUserInfo = defineEndpoint({
  id: 'user.checkTokenGetUserInfo',
  method: 'POST',
  path: '/u-nnpc/api/mall/user/checkTokenGetUserInfo',
  data: UserInfoSchema,
  request: '`{ appId, token }`',
  response: '`UserInfo` of the token',
  uiOnFailure: 'retMsg error (spec)',
});
export const checkTokenLogin = defineEndpoint({
  id: 'user.checkTokenLogin',
  method: 'POST',
  path: '/u-nnpc/api/mall/checkTokenLogin',
  data: z.object({ token: z.string(), userVo: UserInfoSchema }),
  request: '`{ appId, token }`',
  response: '`{ token, userVo }` a fresh session',
  uiOnFailure: 'retMsg error (spec)',
});
export const loginAutoByToken = defineEndpoint({
  id: 'user.loginAutoByToken',
  method: 'POST',
  path: '/u-nnpc/api/mall/loginAutoByToken',
  data: UserInfoSchema,
  request: '`{ appId, token }`',
  response: '`UserInfo`',
  uiOnFailure: 'retMsg error (spec)',
});
export const hello = defineEndpoint({
  id: 'user.hello',
  method: 'GET',
  path: '/u-nnpc/hello',
  data: z.string(),
  request: 'none (token header)',
  response: '`"ok"`, or an auth code',
  uiOnFailure: 'Auth codes expire the session; others ignored',
});
export const homePopup = defineEndpoint({
  id: 'user.homePopup',
  method: 'GET',
  path: '/u-nnpc/mall/activity/home/popup',
  data: z.object({ couponList: z.array(CouponSchema) }),
  fallback: () => ({ couponList: [] }),
  request: 'none (token header when logged in)',
  response: '`{ couponList: Coupon[] }`',
  uiOnFailure: 'No popup',
});
export const validaList = defineEndpoint({
  id: 'user.validaList',
  method: 'POST',
  path: '/u-nnpc/mall/activity/competitor/validaList',
  data: z.array(CompetitorPriceSchema),
  fallback: emptyList,
  request: '`{ gameId, goodsId? }` (`goodsId` added)',
  response: '`CompetitorPrice[]` other platforms\u2019 prices, each for a `goodsId` (asked, else standard)',
  uiOnFailure: 'Price comparison hidden',
});
export const snakeNewYear = defineEndpoint({
  id: 'user.snakeNewYear',
  method: 'GET',
  path: '/u-nnpc/mall/activity/snake/newyear',
  data: NewYearActivitySchema,
  request: 'none',
  response: '`NewYearActivity`',
  uiOnFailure: 'Event banner hidden',
});

export const postSendSms = (phone: string, o: Opts = {}) => http.call(sendSms, { body: { phone }, signal: o.signal });
export const getCaptchaStatus = (phone: string, o: Opts = {}) =>
  http.call(captchaStatus, { body: { phone }, signal: o.signal });
export const postRegisterLogin = (body: { phone: string; code: string }, o: Opts = {}) =>
  http.call(registerLogin, { body, signal: o.signal });
export const postPhoneRegister = (body: { phone: string; code: string }, o: Opts = {}) =>
  http.call(phoneRegister, { body, signal: o.signal });
export const postLogout = (token: string, o: Opts = {}) => http.call(logout, { body: { token }, signal: o.signal });
export const postLoginBySessionCode = (sessionCode: string, o: Opts = {}) =>
  http.call(loginBySessionCode, { body: { sessionCode }, signal: o.signal });
export const getQrCode = (o: Opts = {}) => http.call(getWxMpQrcode, { signal: o.signal });
export const getQrStatus = (qrId: string, o: Opts = {}) =>
  http.call(checkLogin, { params: { id: qrId }, signal: o.signal });
export const postRealNameAuth = (body: { realName: string; idCardNo: string }, o: Opts = {}) =>
  http.call(realNameDoAuth, { body, signal: o.signal });
export const getRealNameInfo = (o: Opts = {}) => http.call(realNameGetAuth, { body: {}, signal: o.signal });
export const getRealNameConfig = (o: Opts = {}) => http.call(realNameConfig, { body: {}, signal: o.signal });
export const getOpenBindInfo = (o: Opts = {}) => http.call(openBindInfo, { body: {}, signal: o.signal });
export const postCheckTokenGetUserInfo = (body: { appId: string; token: string }, o: Opts = {}) =>
  http.call(checkTokenGetUserInfo, { body, signal: o.signal });
export const postCheckTokenLogin = (body: { appId: string; token: string }, o: Opts = {}) =>
  http.call(checkTokenLogin, { body, signal: o.signal });
export const postLoginAutoByToken = (body: { appId: string; token: string }, o: Opts = {}) =>
  http.call(loginAutoByToken, { body, signal: o.signal });
export const getHello = (o: Opts = {}) => http.call(hello, { signal: o.signal });
export const getHomePopup = (o: Opts = {}) => http.call(homePopup, { signal: o.signal });
export const getCompetitorPrices = (gameId: number, o: Opts & { goodsId?: number } = {}) =>
  http.call(validaList, {
    body: o.goodsId === undefined ? { gameId } : { gameId, goodsId: o.goodsId },
    signal: o.signal,
  });
export const getNewYearActivity = (o: Opts = {}) => http.call(snakeNewYear, { signal: o.signal });

/**
 * Other shops' prices for a game, or for one goods (edition) of it: the game detail asks per goods, the
 * activity landing per game. One key family, so refetching `['competitorPrices', gameId]` reaches both.
 */
export const competitorPricesQueryOptions = (gameId: number, goodsId?: number) =>
  queryOptions({
    queryKey: ['competitorPrices', gameId, ...(goodsId === undefined ? [] : [goodsId])],
    queryFn: ({ signal }) => getCompetitorPrices(gameId, { goodsId, signal }),
  });

/** How much less than the lowest of `prices` our price is, in fen; 0 when it is not lower, or there is no price. */
export function belowLowestPrice(ourPrice: number, prices: readonly Pick<CompetitorPrice, 'price'>[]): number {
  if (prices.length === 0) return 0;
  return Math.max(0, Math.min(...prices.map((p) => p.price)) - ourPrice);
}
