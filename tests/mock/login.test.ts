import { describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { getCouponOffers, getMyCoupons } from '../../src/api/coupons';
import { getOrders } from '../../src/api/orders';
import {
  getCaptchaStatus,
  getHello,
  getOpenBindInfo,
  getQrCode,
  getQrStatus,
  getRealNameInfo,
  postCheckTokenGetUserInfo,
  postCheckTokenLogin,
  postLoginAutoByToken,
  postLoginBySessionCode,
  postLogout,
  postPhoneRegister,
  postRegisterLogin,
  postSendSms,
} from '../../src/api/user';
import { http } from '../../src/api/http';
import { backend, failure, nextPhone, signUp, useSession } from './helpers';

describe('SMS codes', () => {
  it('sends a code to any 11-digit phone starting with 1', async () => {
    expect(await postSendSms(nextPhone())).toBe(true);
  });

  it('rejects a malformed phone number as a business error', async () => {
    for (const phone of ['2390000000', '1390000', '139000000001', 'abcdefghijk']) {
      expect(await failure(postSendSms(phone))).toMatchObject({
        kind: 'business',
        code: 'phone_40001',
        message: '请输入正确的手机号',
      });
    }
  });

  it('allows one code per phone every 60 seconds and says how long to wait', async () => {
    const phone = nextPhone();
    await postSendSms(phone);
    backend.control.advanceClock(15_000);
    const error = await failure(postSendSms(phone));
    expect(error).toMatchObject({ kind: 'business', code: 'sms_42901', message: '验证码发送过于频繁，请45秒后再试' });

    backend.control.advanceClock(44_000);
    expect((await failure(postSendSms(phone))).message).toBe('验证码发送过于频繁，请1秒后再试');
    backend.control.advanceClock(1_000);
    expect(await postSendSms(phone)).toBe(true);
  });

  it('limits each phone separately', async () => {
    await postSendSms(nextPhone());
    expect(await postSendSms(nextPhone())).toBe(true);
  });

  it('never asks for a captcha', async () => {
    expect(await getCaptchaStatus(nextPhone())).toEqual({ needCaptcha: false });
  });
});

describe('phone login and registration', () => {
  it('answers user_40404 for an unknown phone and keeps the code for registration', async () => {
    const phone = nextPhone();
    await postSendSms(phone);
    expect(await failure(postRegisterLogin({ phone, code: '123456' }))).toMatchObject({
      kind: 'business',
      code: 'user_40404',
      message: '该手机号未注册',
    });
    const user = await postPhoneRegister({ phone, code: '123456' });
    expect(user).toMatchObject({ telNum: phone, registerCanal: '' });
    expect(user.token).not.toBe('');
    expect(Math.abs(user.createTime - backend.control.now())).toBeLessThan(1_000);
  });

  it('logs a registered phone in with a fresh code', async () => {
    const phone = nextPhone();
    const registered = await signUp(phone);
    backend.control.advanceClock(60_000);
    await postSendSms(phone);
    const again = await postRegisterLogin({ phone, code: '123456' });
    expect(again.userId).toBe(registered.userId);
    expect(again.token).not.toBe(registered.token);
  });

  it('answers sms_40001 for a wrong code and leaves the right code usable', async () => {
    const phone = nextPhone();
    await postSendSms(phone);
    expect(await failure(postPhoneRegister({ phone, code: '654321' }))).toMatchObject({
      code: 'sms_40001',
      message: '验证码错误',
    });
    expect((await postPhoneRegister({ phone, code: '123456' })).telNum).toBe(phone);
  });

  it('uses a code only once', async () => {
    const phone = nextPhone();
    await signUp(phone);
    expect(await failure(postRegisterLogin({ phone, code: '123456' }))).toMatchObject({ code: 'sms_40003' });
  });

  it('refuses a code that was never sent or is older than five minutes', async () => {
    expect(await failure(postPhoneRegister({ phone: nextPhone(), code: '123456' }))).toMatchObject({
      code: 'sms_40003',
    });
    const phone = nextPhone();
    await postSendSms(phone);
    backend.control.advanceClock(5 * 60_000 + 1);
    expect(await failure(postPhoneRegister({ phone, code: '123456' }))).toMatchObject({ code: 'sms_40003' });
  });

  it('refuses to register a phone twice', async () => {
    const phone = nextPhone();
    await signUp(phone);
    backend.control.advanceClock(60_000);
    await postSendSms(phone);
    expect(await failure(postPhoneRegister({ phone, code: '123456' }))).toMatchObject({ code: 'user_40901' });
  });

  it('records the registration channel from the registerCanal header', async () => {
    clientState.set({ channel: 'baidu_sem' });
    expect((await signUp()).registerCanal).toBe('baidu_sem');
  });
});

describe('sessions', () => {
  it('answers auth_40001 on protected endpoints when there is no token', async () => {
    const calls = [getHello(), getOrders({}), getMyCoupons(), getRealNameInfo(), getOpenBindInfo()];
    for (const call of calls) {
      expect(await failure(call)).toMatchObject({
        kind: 'auth',
        code: 'auth_40001',
        message: '登录信息已失效,请重新登录',
      });
    }
  });

  it('answers auth_40001 for an unknown token', async () => {
    clientState.set({ token: 'tk_made_up' });
    expect(await failure(getHello())).toMatchObject({ kind: 'auth', code: 'auth_40001' });
  });

  it('says hello to a logged-in user', async () => {
    await signUp();
    expect(await getHello()).toBe('ok');
  });

  it('ends the session on logout', async () => {
    const user = await signUp();
    expect(await postLogout(user.token)).toBe(true);
    expect(await failure(getHello())).toMatchObject({ kind: 'auth', code: 'auth_40001' });
  });

  it('lets control expire every session with auth_40001', async () => {
    await signUp();
    expect(backend.control.expireSessions()).toBe(1);
    expect(await failure(getHello())).toMatchObject({ code: 'auth_40001' });
  });

  it('lets control kick one user with auth_40002 and leaves the others logged in', async () => {
    const kicked = await signUp();
    const other = await signUp();
    backend.control.expireSessions(kicked.userId, 'auth_40002');
    useSession(kicked);
    expect(await failure(getHello())).toMatchObject({ kind: 'auth', code: 'auth_40002' });
    useSession(other);
    expect(await getHello()).toBe('ok');
  });

  it('treats an anonymous visitor as nobody on endpoints that work without login', async () => {
    const offers = await getCouponOffers();
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => !o.received)).toBe(true);
  });
});

describe('QR login', () => {
  it('hands out a QR code whose image is a real SVG QR code', async () => {
    const qr = await getQrCode();
    expect(qr.expireSeconds).toBe(120);
    expect(qr.qrImage).toBe(`/webapi/static/qr/${qr.qrId}.svg`);
    const image = await (await http.axios()).get<string>(qr.qrImage.replace('/webapi', ''), { responseType: 'text' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.data).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('waits, then after the scan gives a one-time session code that logs in', async () => {
    const qr = await getQrCode();
    expect(await getQrStatus(qr.qrId)).toEqual({ status: 'waiting', sessionCode: null });

    backend.control.markQrScanned(qr.qrId);
    const scanned = await getQrStatus(qr.qrId);
    expect(scanned.status).toBe('scanned');
    expect(scanned.sessionCode).toEqual(expect.any(String));

    const user = await postLoginBySessionCode(scanned.sessionCode!);
    expect(user.telNum).toMatch(/^1\d{10}$/);
    useSession(user);
    expect(await getHello()).toBe('ok');
    expect(await getOpenBindInfo()).toMatchObject({ wechatBound: true, qqBound: false });

    expect(await failure(postLoginBySessionCode(scanned.sessionCode!))).toMatchObject({
      kind: 'business',
      code: 'qr_40001',
    });
  });

  it('logs in the account of the phone that scanned', async () => {
    const existing = await signUp();
    const qr = await getQrCode();
    backend.control.markQrScanned(qr.qrId, existing.telNum);
    const { sessionCode } = await getQrStatus(qr.qrId);
    expect((await postLoginBySessionCode(sessionCode!)).userId).toBe(existing.userId);
  });

  it('expires a QR code after 120 seconds', async () => {
    const qr = await getQrCode();
    backend.control.advanceClock(119_000);
    expect((await getQrStatus(qr.qrId)).status).toBe('waiting');
    backend.control.advanceClock(1_000);
    expect(await getQrStatus(qr.qrId)).toEqual({ status: 'expired', sessionCode: null });
    expect(() => backend.control.markQrScanned(qr.qrId)).toThrow(/expired/);
  });

  it('reports an unknown QR code as expired', async () => {
    expect((await getQrStatus('qr-unknown')).status).toBe('expired');
  });
});

describe('auto-login tokens', () => {
  it('exchanges an issued token for the user info of its phone without logging in', async () => {
    const phone = nextPhone();
    const token = backend.control.issueAutoLoginToken(phone);
    const info = await postCheckTokenGetUserInfo({ appId: 'nn_mall_web', token });
    expect(info).toMatchObject({ telNum: phone, token });
    expect(backend.control.state().sessions).toBe(0);
  });

  it('turns an issued token into a new session with checkTokenLogin and loginAutoByToken', async () => {
    const phone = nextPhone();
    const token = backend.control.issueAutoLoginToken(phone);
    const login = await postCheckTokenLogin({ appId: 'nn_mall_web', token });
    expect(login.userVo).toMatchObject({ telNum: phone, token: login.token });
    const auto = await postLoginAutoByToken({ appId: 'nn_mall_web', token });
    expect(auto.telNum).toBe(phone);
    useSession(auto);
    expect(await getHello()).toBe('ok');
  });

  it('accepts a live session token too', async () => {
    const user = await signUp();
    expect((await postCheckTokenGetUserInfo({ appId: 'nn_mall_web', token: user.token })).userId).toBe(user.userId);
  });

  it('answers an unknown token with a business error and a Chinese message, not an auth code', async () => {
    const error = await failure(postCheckTokenLogin({ appId: 'nn_mall_web', token: 'nope' }));
    expect(error).toMatchObject({ kind: 'business', code: 'token_40001' });
    expect(error.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
