/** User: SMS and QR login, sessions, real name, auto-login tokens and home activities under /u-nnpc. */
import * as user from '../../api/user';
import type { UserInfo } from '../../api/user';
import {
  QR_EXPIRE_SECONDS,
  SMS_CODE,
  SMS_INTERVAL_MS,
  SMS_VALID_MS,
  isChineseName,
  isIdCardNo,
  isPhone,
  maskIdCard,
  maskName,
  randomString,
  str,
} from './rules';
import type { UserRecord } from './state';
import type { QrRecord, Route, RouteContext, World } from './world';
import {
  BizError,
  authError,
  createUser,
  findQr,
  findUserByPhone,
  generatedPhone,
  isNewUser,
  couponView,
  issueCoupon,
  openSession,
  previewCoupon,
  remainingOf,
  route,
  sessionOf,
  userInfo,
} from './world';

const badPhone = () => new BizError('phone_40001', '请输入正确的手机号');

function readPhone(ctx: RouteContext): string {
  const phone = str(ctx.body.phone).trim();
  if (!isPhone(phone)) throw badPhone();
  return phone;
}

/** Checks the code without using it up: a `user_40404` answer must leave it usable for phoneRegister. */
function checkCode(world: World, phone: string, code: unknown): void {
  const sms = world.state.sms[phone];
  if (!sms || sms.used || world.now() - sms.sentAt > SMS_VALID_MS)
    throw new BizError('sms_40003', '验证码已失效，请重新获取');
  if (str(code).trim() !== sms.code) throw new BizError('sms_40001', '验证码错误');
}

function useCode(world: World, phone: string): void {
  const sms = world.state.sms[phone];
  if (sms) sms.used = true;
}

export function smsRateLimit(world: World, lastSentAt: number | undefined, what = '验证码'): void {
  if (lastSentAt === undefined) return;
  const left = lastSentAt + SMS_INTERVAL_MS - world.now();
  if (left > 0) throw new BizError('sms_42901', `${what}发送过于频繁，请${Math.ceil(left / 1000)}秒后再试`);
}

function login(world: World, account: UserRecord): UserInfo {
  return userInfo(account, openSession(world, account).token);
}

function newQr(world: World): QrRecord {
  const qrId = `qr${world.now().toString(36)}${randomString(world.random, 8)}`;
  const record: QrRecord = {
    qrId,
    content: `https://mp.weixin.qq.com/mock-login?qrId=${qrId}`,
    createdAt: world.now(),
    scannedAt: null,
    sessionCode: null,
    sessionCodeUsed: false,
    phone: null,
  };
  // Expired codes are of no use to anyone: drop them so the saved state stays small.
  for (const old of Object.values(world.state.qrCodes)) {
    if (qrExpired(world, old)) delete world.state.qrCodes[old.qrId];
  }
  world.state.qrCodes[qrId] = record;
  return record;
}

export const qrExpired = (world: World, qr: QrRecord) => world.now() - qr.createdAt >= QR_EXPIRE_SECONDS * 1000;

/** The account behind an auto-login token: an issued token or a live session token. */
function autoLoginAccount(world: World, token: unknown): UserRecord {
  const t = str(token);
  const phone = world.state.autoLoginTokens[t];
  if (phone) {
    const account = findUserByPhone(world, phone);
    if (account) return account;
  }
  const session = sessionOf(world, t);
  if ('user' in session) return session.user;
  throw new BizError('token_40001', '登录凭证无效或已过期，请重新登录');
}

export const userRoutes: Route[] = [
  route(user.sendSms, (ctx) => {
    const { world } = ctx;
    const phone = readPhone(ctx);
    smsRateLimit(world, world.state.sms[phone]?.sentAt);
    world.state.sms[phone] = { code: SMS_CODE, sentAt: world.now(), used: false };
    return true;
  }),
  route(user.captchaStatus, () => ({ needCaptcha: false })),
  route(user.registerLogin, (ctx) => {
    const { world } = ctx;
    const phone = readPhone(ctx);
    checkCode(world, phone, ctx.body.code);
    const account = findUserByPhone(world, phone);
    if (!account) throw new BizError('user_40404', '该手机号未注册');
    useCode(world, phone);
    return login(world, account);
  }),
  route(user.phoneRegister, (ctx) => {
    const { world } = ctx;
    const phone = readPhone(ctx);
    checkCode(world, phone, ctx.body.code);
    if (findUserByPhone(world, phone)) throw new BizError('user_40901', '该手机号已注册，请直接登录');
    useCode(world, phone);
    return login(world, createUser(world, phone, ctx.request.headers.registercanal ?? ''));
  }),
  route(user.logout, (ctx) => {
    const { world } = ctx;
    const token = str(ctx.body.token) || ctx.request.headers.token || '';
    const session = sessionOf(world, token);
    if ('error' in session) throw authError(session.error);
    delete world.state.sessions[token];
    return true;
  }),
  route(user.loginBySessionCode, ({ world, body, request }) => {
    const code = str(body.sessionCode);
    const qr = Object.values(world.state.qrCodes).find((q) => q.sessionCode !== null && q.sessionCode === code);
    if (!qr || qr.sessionCodeUsed || qrExpired(world, qr))
      throw new BizError('qr_40001', '登录凭证无效或已使用，请重新扫码');
    qr.sessionCodeUsed = true;
    const phone = qr.phone ?? generatedPhone(world);
    const account =
      findUserByPhone(world, phone) ?? createUser(world, phone, request.headers.registercanal ?? '', true);
    return login(world, account);
  }),
  route(user.getWxMpQrcode, ({ world }) => {
    const qr = newQr(world);
    return { qrId: qr.qrId, qrImage: `${world.publicBase}/static/qr/${qr.qrId}.svg`, expireSeconds: QR_EXPIRE_SECONDS };
  }),
  route(user.checkLogin, ({ world, params }) => {
    const qr = findQr(world, params.id ?? '');
    if (!qr || qrExpired(world, qr)) return { status: 'expired' as const, sessionCode: null };
    if (qr.scannedAt === null) return { status: 'waiting' as const, sessionCode: null };
    return { status: 'scanned' as const, sessionCode: qr.sessionCodeUsed ? null : qr.sessionCode };
  }),
  route(user.realNameDoAuth, (ctx) => {
    const account = ctx.requireUser();
    const realName = str(ctx.body.realName).trim();
    const idCardNo = str(ctx.body.idCardNo).trim().toUpperCase();
    if (!isChineseName(realName)) throw new BizError('realname_40001', '请输入正确的真实姓名（2-20个汉字）');
    if (!isIdCardNo(idCardNo)) throw new BizError('realname_40002', '身份证号码不正确，请核对后重新输入');
    if (account.realName) throw new BizError('realname_40901', '您已完成实名认证，无需重复认证');
    account.realName = { name: realName, idCardNo, authTime: ctx.world.now() };
    return true;
  }),
  route(user.realNameGetAuth, (ctx) => {
    const account = ctx.requireUser();
    const info = account.realName;
    return info
      ? { realName: maskName(info.name), idCardNo: maskIdCard(info.idCardNo), authTime: info.authTime }
      : null;
  }),
  route(user.realNameConfig, ({ world }) => ({ ...world.state.realNameConfig })),
  route(user.openBindInfo, (ctx) => {
    const account = ctx.requireUser();
    return {
      wechatBound: account.wechatBound,
      wechatNickname: account.wechatBound ? `微信用户${account.phone.slice(-4)}` : null,
      qqBound: false,
    };
  }),
  route(user.checkTokenGetUserInfo, ({ world, body }) => {
    const account = autoLoginAccount(world, body.token);
    return userInfo(account, str(body.token));
  }),
  route(user.checkTokenLogin, ({ world, body }) => {
    const info = login(world, autoLoginAccount(world, body.token));
    return { token: info.token, userVo: info };
  }),
  route(user.loginAutoByToken, ({ world, body }) => login(world, autoLoginAccount(world, body.token))),
  route(user.hello, (ctx) => {
    ctx.requireUser();
    return 'ok';
  }),
  route(user.homePopup, ({ world, user: account }) => {
    const templates = world.seed.popupTemplateIds
      .map((id) => world.seed.couponTemplates.find((t) => t.templateId === id))
      .filter((t) => t !== undefined)
      .filter((t) => remainingOf(world, t) > 0);
    if (!account) return { couponList: templates.map((t) => previewCoupon(world, t)) };
    if (!isNewUser(world, account)) return { couponList: [] };
    // A new user receives the popup coupons the first time the popup is asked for, and every answer while
    // the account is new lists those still to use (docs/decisions/0019-money-path-trust-and-budget.md): an answer the store never read (the shopper
    // logged out and in again meanwhile) must not hide the coupons it handed out from the next one.
    const held = new Set(world.state.coupons.filter((c) => c.userId === account.userId).map((c) => c.templateId));
    for (const template of templates) if (!held.has(template.templateId)) issueCoupon(world, account, template);
    const popupIds = new Set(world.seed.popupTemplateIds);
    return {
      couponList: world.state.coupons
        .filter((c) => c.userId === account.userId && popupIds.has(c.templateId))
        .map((c) => couponView(world, c))
        .filter((c) => c.status === 'available'),
    };
  }),
  route(user.validaList, ({ world, body }) =>
    competitorPricesFor(world, Number(body.gameId), body.goodsId === undefined ? undefined : Number(body.goodsId)),
  ),
  route(user.snakeNewYear, ({ world }) => world.seed.newYear),
];

/**
 * Other shops' prices for a goods (docs/decisions/0019-money-path-trust-and-budget.md: the edition chosen, not the game): the seed holds them for the
 * game's standard edition (its first key goods); another edition's are scaled by its price, as shops price
 * editions alike. Without a goods, the standard edition's. Each names the goods it is for.
 */
function competitorPricesFor(world: World, gameId: number, goodsId: number | undefined) {
  const prices = world.seed.competitorPrices[gameId] ?? [];
  const standard = world.seed.goods.find((g) => g.gameId === gameId && g.type === 'key');
  const goods =
    goodsId === undefined ? standard : world.seed.goods.find((g) => g.goodsId === goodsId && g.gameId === gameId);
  if (!standard || !goods) return [];
  return prices.map((p) => ({
    ...p,
    price: Math.round((p.price * goods.price) / standard.price / 10) * 10,
    goodsId: goods.goodsId,
  }));
}

/** Shared with control: an account for a phone, created when new. */
export function accountFor(world: World, phone: string): UserRecord {
  if (!isPhone(phone)) throw new Error(`Not a phone number: ${phone}`);
  return findUserByPhone(world, phone) ?? createUser(world, phone, '');
}
