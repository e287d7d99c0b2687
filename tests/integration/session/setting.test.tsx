import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { resetToasts } from '../../../src/shared/toast';
import { formatDate } from '../../../src/shared/format';
import { backend } from '../../support/server';
import { renderApp, type RenderAppOptions } from '../../support/render-app';
import {
  MASKED_PHONE,
  createAccount,
  errorToasts,
  header,
  loginWithSms,
  storeSession,
  toasts,
  FLOW_TIMEOUT,
} from './helpers';
import { placeOrder, placePaidOrder, PLAIN, TOP_UP } from '../buying/helpers';

afterEach(() => {
  resetToasts();
});

async function loggedIn(url: string, options: RenderAppOptions = {}) {
  const account = await createAccount();
  storeSession(account);
  const app = await renderApp(url, options);
  return { ...app, account };
}

describe('the personal centre /setting', FLOW_TIMEOUT, () => {
  it('asks a logged-out visitor to log in, and shows their data after login without navigating', async () => {
    const { user, router } = await renderApp('/setting?type=2');
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('登录后即可查看订单、优惠券和账号信息')).toBeInTheDocument();

    await user.click(main.getByRole('button', { name: '登录' }));
    await loginWithSms(user, await screen.findByRole('dialog', { name: '登录' }));

    expect(await screen.findByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(await main.findByRole('heading', { name: '账号信息' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/setting?type=2');
  });

  it('drives its tabs from the type search parameter', async () => {
    const { user, router } = await loggedIn('/setting');
    const tabs = await screen.findByRole('tablist', { name: '个人中心' });
    expect(within(tabs).getByRole('tab', { name: '我的订单' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: '我的优惠券' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 1 }));
    expect(within(tabs).getByRole('tab', { name: '我的优惠券' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: '账号与实名' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 2 }));
    expect(await screen.findByRole('heading', { name: '账号信息' })).toBeInTheDocument();
  });

  it('lists every key bought in 我的激活码 (type=3): game and goods, the key to copy, its redeemed mark and its order', async () => {
    const { user, router } = await loggedIn('/setting?type=1');
    const paid = [];
    // More than a page of the order list: every key is listed.
    for (let i = 0; i < 12; i += 1) paid.push(await placePaidOrder(PLAIN));
    await placeOrder(PLAIN);
    await placePaidOrder(TOP_UP);

    const tabs = await screen.findByRole('tablist', { name: '个人中心' });
    await user.click(within(tabs).getByRole('tab', { name: '我的激活码' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 3 }));
    expect(within(tabs).getByRole('tab', { name: '我的激活码' })).toHaveAttribute('aria-selected', 'true');

    const list = await screen.findByRole('list', { name: '激活码列表' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(12);
    // Newest first, each with its game and goods, the key, 复制激活码, 标记为已兑换 and a link to the order's key card.
    const newest = paid[11]!;
    const row = within(rows[0]!);
    expect(rows[0]).toHaveAccessibleName(`星砂回响 · ${PLAIN.name}`);
    expect(row.getByText(newest.cdks[0]!.code)).toBeInTheDocument();
    expect(row.getByRole('checkbox', { name: '标记为已兑换' })).not.toBeChecked();
    expect(row.getByRole('link', { name: '查看订单' })).toHaveAttribute(
      'href',
      `/orderDateil?id=${newest.orderId}#key`,
    );
    await user.click(row.getByRole('button', { name: '复制激活码' }));
    expect(await navigator.clipboard.readText()).toBe(newest.cdks[0]!.code);
    expect(row.getByRole('button', { name: '已复制' })).toBeInTheDocument();
    for (const order of paid) expect(within(list).getByText(order.cdks[0]!.code)).toBeInTheDocument();
  });

  it('says so when the account has bought no key yet', async () => {
    await loggedIn('/setting?type=3');
    expect(await screen.findByText('暂无激活码')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/');
  });

  it('shows the masked phone, the registration time, the 新用户 badge and the WeChat binding', async () => {
    const { account } = await loggedIn('/setting?type=2');
    const panel = within(await screen.findByRole('tabpanel'));

    expect(await panel.findByText(formatDate(account.createTime))).toBeInTheDocument();
    expect(formatDate(account.createTime)).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(panel.getAllByText(MASKED_PHONE).length).toBeGreaterThan(0);
    expect(panel.getByText('新用户')).toBeInTheDocument();
    expect(await panel.findByText('微信')).toBeInTheDocument();
    expect(panel.getAllByText('未绑定')).toHaveLength(2);
  });

  it('drops the 新用户 badge for an account older than 24 hours', async () => {
    const account = await createAccount();
    backend.control.advanceClock(24 * 3600_000);
    storeSession({ ...account, createTime: Date.now() - 24 * 3600_000 - 1 });
    await renderApp('/setting?type=2');
    await screen.findByRole('heading', { name: '账号信息' });
    expect(screen.queryByText('新用户')).not.toBeInTheDocument();
  });

  it('says under the ID number that the last character may be X, and which check a wrong number failed', async () => {
    const { user } = await loggedIn('/setting?type=2');
    await user.click(await screen.findByRole('button', { name: '去实名' }));
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    const idCard = within(dialog).getByRole('textbox', { name: '身份证号' });
    expect(idCard).toHaveAccessibleDescription('18位，末位可为 X');
    await user.type(within(dialog).getByRole('textbox', { name: '姓名' }), '张三');
    const submit = within(dialog).getByRole('button', { name: '提交' });

    for (const [typed, said] of [
      ['1101051949123100', '身份证号应为18位，当前为16位'],
      ['110105194902310026', '身份证号第7–14位的出生日期不正确，请核对'],
      ['11010519491231002A', '身份证号应为17位数字，末位为数字或 X'],
      ['110105194912310021', '身份证号校验位不符，请逐位核对（末位可为 X）'],
    ]) {
      await user.clear(idCard);
      await user.type(idCard, typed!);
      await user.click(submit);
      expect(idCard).toHaveAccessibleDescription(said);
    }
  });

  it('says how the real-name data is used and kept', async () => {
    const { user } = await loggedIn('/setting?type=2');
    await user.click(await screen.findByRole('button', { name: '去实名' }));
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    await user.click(within(dialog).getByText('信息如何使用和保存'));
    const group = within(dialog).getByRole('group');
    expect(group).toHaveTextContent('只用于国家规定的实名核验');
    expect(group).toHaveTextContent('本设备只保存打码后的姓名和身份证号');
    expect(within(group).getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/agreement?doc=privacy');
  });

  it('verifies the real name: client checks first, then the server, then shows the masked result and keeps it', async () => {
    const { user } = await loggedIn('/setting?type=2');
    await user.click(await screen.findByRole('button', { name: '去实名' }));
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    const name = within(dialog).getByRole('textbox', { name: '姓名' });
    const idCard = within(dialog).getByRole('textbox', { name: '身份证号' });

    await user.type(name, 'Zhang');
    await user.type(idCard, '110101199003074478');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(name).toHaveAccessibleDescription('姓名应为2-20个汉字');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(idCard).toHaveAccessibleDescription('身份证号校验位不符，请逐位核对（末位可为 X）');

    await user.clear(name);
    await user.type(name, '张三');
    await user.clear(idCard);
    await user.type(idCard, '11010519491231002x');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));

    expect(await toasts().findByText('实名认证成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '实名认证' })).not.toBeInTheDocument());
    expect(await screen.findByText('张*')).toBeInTheDocument();
    expect(screen.getByText('1101**********002X')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '去实名' })).not.toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { realName?: { realName: string } };
    expect(stored.realName?.realName).toBe('张*');
  });

  it("shows the server's refusal of a real name in the form", async () => {
    const { user } = await loggedIn('/setting?type=2');
    await user.click(await screen.findByRole('button', { name: '去实名' }));
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    backend.control.setFault('/u-nnpc/api/mall1/realName/doAuth', {
      kind: 'business',
      code: 'realname_40003',
      message: '姓名与身份证号不一致',
    });

    await user.type(within(dialog).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(dialog).getByRole('textbox', { name: '身份证号' }), '11010519491231002X');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('姓名与身份证号不一致');
    expect(within(dialog).getByRole('textbox', { name: '姓名' })).toHaveValue('张三');
  });

  it('tells the root realName.verified when the purchase flow opened the modal', async () => {
    const heard: AnyEventObject[] = [];
    const inspect = (event: InspectionEvent) => {
      // What the root actor receives (forwarded copies reach children too; count the root's only).
      if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) heard.push(event.event);
    };
    const { user, actor } = await loggedIn('/', { deps: { inspect } });
    actor.send({ type: 'modal.open', name: 'realName', props: { from: 'pay' }, source: 'user' });
    const dialog = await screen.findByRole('dialog', { name: '实名认证' });
    await user.type(within(dialog).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(dialog).getByRole('textbox', { name: '身份证号' }), '11010519491231002X');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));

    const info = { realName: '张*', idCardNo: '1101**********002X', authTime: expect.any(Number) as number };
    await waitFor(() => expect(heard).toContainEqual({ type: 'realName.verified', info }));
    expect(heard).toContainEqual({ type: 'session.realNameVerified', info });
  });

  it("keeps the user logged in and shows the server's message when logging out fails", async () => {
    const { user } = await loggedIn('/setting');
    backend.control.setFault('/u-nnpc/api/mall/logout', {
      kind: 'business',
      code: 'user_50001',
      message: '系统繁忙，退出失败',
    });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));

    expect(await errorToasts().findByText('系统繁忙，退出失败')).toBeInTheDocument();
    expect(header().getByText(MASKED_PHONE)).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });
});
