/**
 * Input taken as people type or paste it (docs/session.md, points 5 and 6): the login form, the SMS code and
 * the real-name form clean a value (spaces, dashes, a +86 prefix, full-width characters, the middle-dot
 * variants) before they check it, never cut a paste short, send the cleaned value to the backend, and keep
 * what the shopper typed when it is still wrong.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '../../../src/shared/toast';
import { renderApp } from '../../support/render-app';
import { backend } from '../../support/server';
import {
  FLOW_TIMEOUT,
  MASKED_PHONE,
  PHONE,
  createAccount,
  header,
  openLoginDialog,
  recordBodies,
  storeSession,
  toasts,
} from './helpers';

afterEach(() => {
  resetToasts();
});

const SEND_SMS = '/u-nnpc/api/v3/userSms/sendSms';
const REGISTER_LOGIN = '/u-nnpc/api/mall/registerLogin';
const DO_AUTH = '/u-nnpc/api/mall1/realName/doAuth';

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });
const agreement = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' });

/** Focuses a field and pastes `text` into it, as a shopper pasting from an SMS or a note does. */
async function pasteInto(user: UserEvent, input: HTMLElement, text: string): Promise<void> {
  await user.click(input);
  await user.paste(text);
}

// The variants each normaliser takes are listed in tests/lib/session-input.test.ts; here a few go through the forms.
describe('the login form takes a pasted phone and code as written', FLOW_TIMEOUT, () => {
  it.each([
    ['a +86 prefix and a space', '+86 13800000000'],
    ['a 0086 prefix', '0086 138 0000 0000'],
    ['dashes', '138-0000-0000'],
    ['full-width digits', '１３８００００００００'],
  ])('a phone with %s is sent as 11 digits, shown cleaned, and logs in', async (_case, pasted) => {
    await createAccount(PHONE);
    const sent = recordBodies(SEND_SMS);
    const loggedIn = recordBodies(REGISTER_LOGIN);
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);

    await pasteInto(user, field(dialog, '手机号'), pasted);
    expect(field(dialog, '手机号')).toHaveValue(PHONE);
    await user.click(button(dialog, '获取验证码'));
    await within(dialog).findByRole('button', { name: /^重新发送\(\d+s\)$/ });
    await waitFor(() => expect(sent).toEqual([{ phone: PHONE }]));

    await pasteInto(user, field(dialog, '验证码'), '123 456');
    expect(field(dialog, '验证码')).toHaveValue('123456');
    await user.click(agreement(dialog));
    await user.click(button(dialog, '登录'));

    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    await waitFor(() => expect(loggedIn).toEqual([{ phone: PHONE, code: '123456' }]));
  });

  it.each([
    ['a space in the middle', '123 456'],
    ['full-width digits', '１２３４５６'],
  ])('an SMS code with %s is not cut, and is sent as 6 digits', async (_case, pasted) => {
    await createAccount(PHONE);
    const loggedIn = recordBodies(REGISTER_LOGIN);
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);
    await user.click(button(dialog, '获取验证码'));
    await within(dialog).findByRole('button', { name: /^重新发送\(\d+s\)$/ });

    await pasteInto(user, field(dialog, '验证码'), pasted);
    await user.click(agreement(dialog));
    await user.click(button(dialog, '登录'));

    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    await waitFor(() => expect(loggedIn).toEqual([{ phone: PHONE, code: '123456' }]));
  });

  it('keeps a wrong phone as it was pasted, says why, and sends nothing', async () => {
    const sent = recordBodies(SEND_SMS);
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);

    await pasteInto(user, field(dialog, '手机号'), '+86 138-0000-000');
    await user.click(button(dialog, '获取验证码'));

    expect(field(dialog, '手机号')).toHaveValue('+86 138-0000-000');
    expect(field(dialog, '手机号')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, '手机号')).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(field(dialog, '手机号')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('keeps a code that is too long as it was pasted instead of cutting it to 6 digits', async () => {
    const loggedIn = recordBodies(REGISTER_LOGIN);
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);

    await pasteInto(user, field(dialog, '验证码'), '1234 5678');
    await user.click(agreement(dialog));
    await user.click(button(dialog, '登录'));

    expect(field(dialog, '验证码')).toHaveValue('1234 5678');
    expect(field(dialog, '验证码')).toHaveAccessibleDescription('验证码为6位数字');
    expect(loggedIn).toEqual([]);
  });
});

const ID = '11010519491231002X';

async function openRealName(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: '去实名' }));
  return screen.findByRole('dialog', { name: '实名认证' });
}

async function loggedInAtAccount() {
  storeSession(await createAccount());
  return renderApp('/setting?type=2');
}

describe('the real-name form takes names and ID numbers as written', FLOW_TIMEOUT, () => {
  it.each([
    ['a bullet • (U+2022)', '阿卜杜•热合曼'],
    ['a katakana middle dot ・ (U+30FB)', '阿卜杜・热合曼'],
    ['a half-width katakana middle dot ･ (U+FF65)', '阿卜杜･热合曼'],
    ['spaces around the dot', '阿卜杜 · 热合曼'],
    ['the middle dot · itself (U+00B7)', '阿卜杜·热合曼'],
  ])('a name with %s is sent with the middle dot ·', async (_case, typed) => {
    const { user } = await loggedInAtAccount();
    const sent = recordBodies(DO_AUTH);
    const dialog = await openRealName(user);

    await pasteInto(user, field(dialog, '姓名'), typed);
    expect(field(dialog, '姓名')).toHaveValue('阿卜杜·热合曼');
    await user.type(field(dialog, '身份证号'), ID);
    await user.click(button(dialog, '提交'));

    expect(await toasts().findByText('实名认证成功')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ realName: '阿卜杜·热合曼', idCardNo: ID }]));
    expect(backend.control.state().users[0]?.realName).toBe(true);
  });

  it('accepts characters of the CJK extension blocks (𠮷野, U+20BB7) and counts characters, not UTF-16 units', async () => {
    const { user } = await loggedInAtAccount();
    const sent = recordBodies(DO_AUTH);
    const dialog = await openRealName(user);

    await user.type(field(dialog, '姓名'), '𠮷野');
    await user.type(field(dialog, '身份证号'), ID);
    await user.click(button(dialog, '提交'));

    expect(await toasts().findByText('实名认证成功')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ realName: '𠮷野', idCardNo: ID }]));
    expect(await screen.findByText('𠮷*')).toBeInTheDocument();
  });

  it('accepts a 20-character name written in extension-block characters (40 UTF-16 units)', async () => {
    const { user } = await loggedInAtAccount();
    const sent = recordBodies(DO_AUTH);
    const dialog = await openRealName(user);
    const name = '𠮷'.repeat(10) + '𪚥'.repeat(10);

    await pasteInto(user, field(dialog, '姓名'), name);
    await user.type(field(dialog, '身份证号'), ID);
    await user.click(button(dialog, '提交'));

    expect(await toasts().findByText('实名认证成功')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ realName: name, idCardNo: ID }]));
  });

  it('refuses 21 characters and keeps what was pasted', async () => {
    const { user } = await loggedInAtAccount();
    const sent = recordBodies(DO_AUTH);
    const dialog = await openRealName(user);
    const name = '𠮷'.repeat(21);

    await pasteInto(user, field(dialog, '姓名'), name);
    await user.type(field(dialog, '身份证号'), ID);
    await user.click(button(dialog, '提交'));

    expect(field(dialog, '姓名')).toHaveValue(name);
    expect(field(dialog, '姓名')).toHaveAccessibleDescription('姓名应为2-20个汉字');
    expect(sent).toEqual([]);
  });

  it.each([
    ['a leading space', ` ${ID}`],
    ['spaces between the groups', '110105 19491231 002X'],
    ['full-width digits and a full-width lower-case x', '１１０１０５１９４９１２３１００２ｘ'],
  ])('an ID number pasted with %s is not cut and is sent as 18 characters', async (_case, pasted) => {
    const { user } = await loggedInAtAccount();
    const sent = recordBodies(DO_AUTH);
    const dialog = await openRealName(user);

    await user.type(field(dialog, '姓名'), '张三');
    await pasteInto(user, field(dialog, '身份证号'), pasted);
    expect(field(dialog, '身份证号')).toHaveValue(ID);
    await user.click(button(dialog, '提交'));

    expect(await toasts().findByText('实名认证成功')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ realName: '张三', idCardNo: ID }]));
  });

  it('keeps a wrong name and ID number as they were typed, with the reason under each', async () => {
    const { user } = await loggedInAtAccount();
    const sent = recordBodies(DO_AUTH);
    const dialog = await openRealName(user);

    await pasteInto(user, field(dialog, '姓名'), '阿卜杜•');
    await pasteInto(user, field(dialog, '身份证号'), ' 110105 19491231 0021');
    await user.click(button(dialog, '提交'));

    expect(field(dialog, '姓名')).toHaveValue('阿卜杜•');
    expect(field(dialog, '姓名')).toHaveAccessibleDescription('姓名应为2-20个汉字');
    expect(field(dialog, '身份证号')).toHaveValue(' 110105 19491231 0021');
    expect(field(dialog, '身份证号')).toHaveAccessibleDescription('身份证号校验位不符，请逐位核对（末位可为 X）');
    expect(sent).toEqual([]);
  });
});
