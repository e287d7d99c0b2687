import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { goodsPromise } from '../../../src/api/goods-promise';
import { REDEEMED_KEY_PREFIX } from '../../../src/features/buying/redeemed';
import { activationSteps, PLATFORM_NAME, redeemLink } from '../../../src/features/buying/promise';
import { getOrder, type OrderItem } from '../../../src/api/orders';
import { resetToasts } from '../../../src/shared/toast';
import { createAccount, loginWithSms } from '../session/helpers';
import {
  backend,
  nextPhone,
  payDialog,
  payWithQr,
  placePaidOrder,
  PLAIN,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const keyCard = () => screen.findByRole('region', { name: '激活码' });
const redeemedBox = (card: HTMLElement) => within(card).getByRole('checkbox', { name: '标记为已兑换' });

/** The steps the card must show for an item: its store's, as the one function says them. */
function expectedSteps(item: OrderItem) {
  const { platform } = goodsPromise(item);
  return { heading: platform ? `${PLATFORM_NAME[platform]} 激活步骤` : '激活步骤', steps: activationSteps(platform) };
}

describe('the key card', FLOW_TIMEOUT, () => {
  it('opens the 支付成功 dialog: the key, 复制激活码 confirming 已复制 to screen readers, and the steps of its store', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const placed = await payWithQr(user, await payDialog());
    backend.control.completePayment(placed.orderId);

    const success = await screen.findByRole('dialog', { name: '支付成功' });
    const card = await within(success).findByRole('region', { name: '激活码' });
    // The key comes first: before what was bought and what was paid.
    const bought = await within(success).findByRole('list', { name: '购买的商品' });
    expect(card.compareDocumentPosition(bought) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const { cdks, items } = await getOrder(placed.orderId);
    const code = cdks[0]!.code;
    expect(within(card).getByText(code)).toBeInTheDocument();
    const copy = within(card).getByRole('button', { name: '复制激活码' });
    expect(copy).toHaveAccessibleDescription(code);

    await user.click(copy);

    expect(await navigator.clipboard.readText()).toBe(code);
    expect(copy).toHaveTextContent('已复制');
    expect(within(card).getByRole('status')).toHaveTextContent('激活码已复制到剪贴板');

    const { heading, steps } = expectedSteps(items[0]!);
    const list = within(card).getByRole('list', { name: heading });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(steps);
    expect(redeemedBox(card)).not.toBeChecked();
  });

  it('breaks a key only after its separators and offers 在 Steam 中激活 beside 复制激活码 for a Steam key', async () => {
    const { router } = await renderLoggedIn('/');
    const order = await placePaidOrder(PLAIN);
    expect(goodsPromise(order.items[0]!).platform).toBe('steam');
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const card = await keyCard();
    const code = order.cdks[0]!.code;
    const key = within(card).getByText(code);
    // One text run (it reads and copies as the key); a break opportunity after each "-" and nowhere else.
    expect(key.textContent).toBe(code);
    expect([...key.childNodes].map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent)).join('')).toBe(
      code.replaceAll('-', '-|'),
    );
    const steam = within(card).getByRole('link', { name: '在 Steam 中激活' });
    expect(steam).toHaveAttribute('href', `https://store.steampowered.com/account/registerkey?key=${code}`);
    expect(steam).toHaveAttribute('target', '_blank');
    expect(steam).toHaveAccessibleDescription(code);
    expect(within(card).getByRole('button', { name: '复制激活码' }).parentElement).toBe(steam.parentElement);
  });

  it('offers a redeem link only for a store that redeems from one (Steam), never for the others', () => {
    expect(redeemLink('steam', 'AB-C D')).toEqual({
      label: '在 Steam 中激活',
      href: 'https://store.steampowered.com/account/registerkey?key=AB-C%20D',
    });
    for (const platform of ['epic', 'nintendo', 'playstation', 'xbox', null, undefined] as const)
      expect(redeemLink(platform, 'X')).toBeNull();
  });

  it('shows the activation steps of each store the goods name (Steam: 游戏 → 激活产品…)', async () => {
    expect(activationSteps('steam')).toContain('点击左上角菜单「游戏」→「激活产品…」');
    expect(activationSteps('epic')).toContain('点击右上角头像，选择「兑换代码」');
    expect(activationSteps('nintendo')[0]).toMatch(/Nintendo eShop/);
    expect(activationSteps('playstation')[0]).toMatch(/PlayStation Store/);
    expect(activationSteps('xbox')[0]).toMatch(/Microsoft Store/);
    expect(activationSteps(null).length).toBeGreaterThan(0);
  });

  it('keeps 标记为已兑换 per order and per account, and never shows it to the next account in the browser', async () => {
    const next = await createAccount(nextPhone());
    const { user, router, account } = await renderLoggedIn('/');
    const first = await placePaidOrder();
    const second = await placePaidOrder();

    await router.navigate({ to: '/orderDateil', search: { id: first.orderId } });
    let card = await keyCard();
    await user.click(redeemedBox(card));
    expect(redeemedBox(card)).toBeChecked();
    expect(localStorage.getItem(`${REDEEMED_KEY_PREFIX}${account.userId}:${first.orderId}`)).toBe('[0]');

    // Another order of the same account: its own mark.
    await router.navigate({ to: '/orderDateil', search: { id: second.orderId } });
    await waitFor(() => expect(screen.getByText(second.cdks[0]!.code)).toBeInTheDocument());
    expect(redeemedBox(await keyCard())).not.toBeChecked();

    // Back to the first: still marked; and 我的激活码 shows the same mark.
    await router.navigate({ to: '/orderDateil', search: { id: first.orderId } });
    await waitFor(() => expect(screen.getByText(first.cdks[0]!.code)).toBeInTheDocument());
    card = await keyCard();
    expect(redeemedBox(card)).toBeChecked();
    await router.navigate({ to: '/setting', search: { type: 3 } });
    const keys = await screen.findByRole('list', { name: '激活码列表' });
    const rowOf = (code: string) => within(keys).getByText(code).closest('li')!;
    expect(within(rowOf(first.cdks[0]!.code)).getByRole('checkbox', { name: '标记为已兑换' })).toBeChecked();
    expect(within(rowOf(second.cdks[0]!.code)).getByRole('checkbox', { name: '标记为已兑换' })).not.toBeChecked();

    // The next shopper on this browser: their own keys, none marked, none of the first account's.
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(await within(screen.getByRole('main')).findByRole('button', { name: '登录' }));
    await loginWithSms(user, await screen.findByRole('dialog', { name: '登录' }), next.telNum);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    expect(await screen.findByText('暂无激活码')).toBeInTheDocument();
    expect(screen.queryByText(first.cdks[0]!.code)).not.toBeInTheDocument();

    const theirs = await placePaidOrder();
    await router.navigate({ to: '/orderDateil', search: { id: theirs.orderId } });
    card = await keyCard();
    await waitFor(() => expect(within(card).getByText(theirs.cdks[0]!.code)).toBeInTheDocument());
    expect(redeemedBox(card)).not.toBeChecked();
    await user.click(redeemedBox(card));
    expect(localStorage.getItem(`${REDEEMED_KEY_PREFIX}${next.userId}:${theirs.orderId}`)).toBe('[0]');
    // The first account's mark is still its own.
    expect(localStorage.getItem(`${REDEEMED_KEY_PREFIX}${account.userId}:${first.orderId}`)).toBe('[0]');
  });

  it('reads a damaged mark as not redeemed', async () => {
    const { router, account } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    localStorage.setItem(`${REDEEMED_KEY_PREFIX}${account.userId}:${order.orderId}`, '{"__proto__":1}');
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    expect(redeemedBox(await keyCard())).not.toBeChecked();
  });
});
