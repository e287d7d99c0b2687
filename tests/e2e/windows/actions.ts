/**
 * The timing sweep's actions (docs/timing-sweep.md): each makes one shopper's action at its run's offset in a
 * window, then checks what must hold afterwards. A failure's message names the window, the offset, the CPU
 * rate, the action and what was wrong (`Run.say`).
 *
 * Nothing here waits for the start-up to settle before the action: that is the point. Where a run waits for
 * the store (the `store:ready` mark) it is after the action, so that the checks read the outcome and not a
 * replay still on its way, or before the window (an earlier page of the history, or the page a login or a
 * pay sheet's window is about, which is not that page's start-up), and the comment says so.
 */
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { dismissCouponPopups, expect, type Backend } from '../support/fixtures';
import { completeRealName, dialog, loginWithSms, userIdOf } from '../support/flows';
import { uniquePhone } from '../support/phones';
import {
  countOf,
  type Origin,
  type Run,
  storedWishlists,
  storeHistory,
  tapAt,
  waitForOffset,
  type WindowName,
} from './sweep';
import { openAtCommit } from '../support/open-page';
import { slowCpu } from '../support/cpu';

/** What an action gets. */
interface RunContext {
  page: Page;
  backend: Backend;
  phone: string;
  browser: Browser;
  testInfo: TestInfo;
  run: Run;
}

export interface SweepAction {
  /** as the failures and the results table name it */
  name: string;
  window: WindowName;
  act(ctx: RunContext): Promise<void>;
}

/** The ceiling for a tap's outcome at 4× on a loaded machine (as first-tap.spec.ts): passes as soon as it shows. */
const ANSWER = { timeout: 45_000 };
/** The ceiling for the login's hand-over to reach the server once the store acts. */
const HANDOVER = { timeout: 15_000 };

/** The games a visitor wishlists before logging in, and the one a run adds. */
const VISITOR_GAMES = [2, 3] as const;
const GAME = 1;
const PAINT: Origin = { paint: true };
const LOGIN_TAP = 'sweep:login-tap';
const PAY_SHEET = 'sweep:pay-sheet';

const firstCard = (page: Page): Locator => page.getByRole('main').locator('a[href^="/gameDetail/"]').first();
const accountChip = (page: Page): Locator => page.getByRole('button', { name: /^个人中心/ });
const wishToggle = (page: Page, added: boolean): Locator =>
  page.getByRole('button', { name: added ? '已加入愿望单' : '加入愿望单', exact: true });

/** Opens a URL without waiting for the page (support/open-page.ts). */
const open = openAtCommit;

/** Waits for the store to act on the page (`store:ready`): after an action, so that its outcome is read settled. */
async function storeActs(page: Page, run: Run): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('store:ready').length > 0).catch(() => false), {
      message: run.say('the store never acted (no store:ready mark)'),
      ...ANSWER,
    })
    .toBe(true);
}

/**
 * A visitor wishlists `games` on their pages, as wishlist.spec.ts does. The run's setup, before its window: each
 * page is left to start (at 4× on a loaded machine a tap kept meanwhile outlasted the journeys' 15 s action
 * bound), since the window is not this page's.
 */
async function visitorWishlists(page: Page, run: Run, games: readonly number[]): Promise<void> {
  for (const gameId of games) {
    await page.goto(`/gameDetail/${gameId}`);
    await storeActs(page, run);
    await wishToggle(page, false).click();
    await expect(wishToggle(page, true)).toHaveAttribute('aria-pressed', 'true');
  }
}

/** The account's wishlist on the server (the backend's `state`), game ids newest first. */
async function serverWishlist(backend: Backend, phone: string): Promise<number[]> {
  const userId = await userIdOf(backend, phone);
  const { wishlists } = await backend.control<{ wishlists: Record<string, number[]> }>('state');
  return wishlists[String(userId)] ?? [];
}

/** The account's orders on the server: id and amount (fen). */
async function serverOrders(backend: Backend, phone: string): Promise<{ orderId: string; payAmount: number }[]> {
  const userId = await userIdOf(backend, phone);
  const { orders } = await backend.control<{ orders: { orderId: string; userId: number; payAmount: number }[] }>(
    'state',
  );
  return orders.filter((order) => order.userId === userId);
}

/** Each of `games` in the account's server list exactly once (polled: the hand-over may end after the toast). */
async function expectInAccount(ctx: RunContext, games: readonly number[]): Promise<void> {
  const { backend, phone, run } = ctx;
  let last: number[] = [];
  await expect
    .poll(
      async () => {
        last = await serverWishlist(backend, phone);
        return games.map((id) => countOf(last, id));
      },
      {
        message: run.say(`the account's wishlist on the server should hold games ${games.join(', ')} once each`),
        ...HANDOVER,
      },
    )
    .toEqual(games.map(() => 1));
  ctx.run.notes.push(`server wishlist: [${last.join(', ')}]`);
}

/** The visitor's list is gone from this browser once the account has it. */
async function expectVisitorListGone(ctx: RunContext): Promise<void> {
  const kept = await storedWishlists(ctx.page);
  expect(
    kept['wishlist:visitor'] ?? [],
    ctx.run.say(`wishlist:visitor is still in this browser after the login: ${JSON.stringify(kept)}`),
  ).toEqual([]);
}

/**
 * 退出登录 from the account's settings, then nothing of the account is left in this browser under `wishlist:`
 * for the next visitor.
 */
async function logOutAndExpectNothingLeft(ctx: RunContext): Promise<void> {
  const { page, run } = ctx;
  await accountChip(page).click();
  await page.getByRole('menuitem', { name: '账号与实名' }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: '登录', exact: true }),
    run.say('退出登录 did not log out'),
  ).toBeVisible();
  const kept = await storedWishlists(page);
  const left = Object.entries(kept).filter(([key, ids]) => !(key === 'wishlist:visitor' && (ids ?? []).length === 0));
  expect(Object.fromEntries(left), run.say('after 退出登录, wishlist:* entries are left for the next visitor')).toEqual(
    {},
  );
}

/** The pay sheet's 应付金额 once the login's coupon is applied (已优惠), fen: what a patient shopper pays. */
async function settledPrice(page: Page, run: Run): Promise<number> {
  const total = dialog(page, '支付订单').getByRole('group', { name: '结算' });
  await expect(total, run.say("the pay sheet never applied the new shopper's coupon (no 已优惠)")).toContainText(
    /已优惠 ¥\d+\.\d{2}/,
    HANDOVER,
  );
  const text = (await total.textContent()) ?? '';
  const yuan = /应付金额\s*¥\s*(\d+\.\d{2})/.exec(text)?.[1];
  if (!yuan) throw new Error(run.say(`no 应付金额 in the pay sheet: "${text}"`));
  return Math.round(Number(yuan) * 100);
}

const referencePrices = new Map<string, number>();

/**
 * What a patient new shopper pays for game 1 (its first goods, one): 立即购买, log in, 实名认证, and the sheet's
 * 应付金额 once the login's coupon is applied. Found once per worker and build, in a context of its own.
 */
async function patientPrice(ctx: RunContext): Promise<number> {
  const baseURL = String(ctx.testInfo.project.use.baseURL);
  const known = referencePrices.get(baseURL);
  if (known !== undefined) return known;
  const context = await ctx.browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = await context.newPage();
    await dismissCouponPopups(page);
    await page.goto(`/gameDetail/${GAME}`);
    await page.getByRole('button', { name: '立即购买' }).click();
    await loginWithSms(page, uniquePhone(ctx.testInfo.workerIndex));
    await completeRealName(page);
    const price = await settledPrice(page, ctx.run);
    referencePrices.set(baseURL, price);
    return price;
  } finally {
    await context.close();
  }
}

/** The pay sheet is open: a patient 立即支付, then exactly one order, at `price`. */
async function payPatientlyAndExpectOneOrder(ctx: RunContext, price: number): Promise<void> {
  const { page, run } = ctx;
  const pay = dialog(page, '支付订单');
  await pay.getByRole('button', { name: '立即支付' }).click();
  await expect(pay.getByText('等待支付结果…'), run.say('立即支付 made no order')).toBeVisible();
  await expectOneOrder(ctx, price);
}

async function expectOneOrder(ctx: RunContext, price: number): Promise<void> {
  const orders = await serverOrders(ctx.backend, ctx.phone);
  expect(orders.length, ctx.run.say(`${orders.length} orders created, not one: ${JSON.stringify(orders)}`)).toBe(1);
  expect(
    orders[0]!.payAmount,
    ctx.run.say(
      `the order's amount ¥${(orders[0]!.payAmount / 100).toFixed(2)} is not the settled price ¥${(price / 100).toFixed(2)}`,
    ),
  ).toBe(price);
}

/** Header 登录 on the open page, the SMS login started (not awaited) with its 登录 tap marked for the window. */
async function startLogin(ctx: RunContext): Promise<{ login: Promise<void> }> {
  const { page, phone } = ctx;
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await markLoginTap(page);
  const login = loginWithSms(page, phone);
  // Awaited by the run after its action; a failure before then is its failure, not an unhandled one.
  login.catch(() => undefined);
  return { login };
}

/**
 * The login window's setup: a visitor wishlists games 2 and 3, the CPU is slowed, `url` opens and the login is
 * started from the header (not awaited). The page is left to start first: the window is the login's, not the
 * page's (the start-up window has its own runs).
 */
async function visitorLogsInOn(ctx: RunContext, url: string): Promise<{ login: Promise<void> }> {
  await visitorWishlists(ctx.page, ctx.run, VISITOR_GAMES);
  await slowCpu(ctx.page, ctx.run.rate);
  await ctx.page.goto(url);
  await storeActs(ctx.page, ctx.run);
  return startLogin(ctx);
}

/** Marks the login dialog's 登录 tap in the page (`sweep:login-tap`), where the login window starts. */
async function markLoginTap(page: Page): Promise<void> {
  await dialog(page, '登录')
    .getByRole('button', { name: '登录', exact: true })
    .evaluate(
      (button, mark) => button.addEventListener('click', () => performance.mark(mark), { capture: true, once: true }),
      LOGIN_TAP,
    );
}

/** After a login-window action: the login done, the visitor's list in the account and gone from the browser, and a clean logout. */
async function expectHandedOver(
  ctx: RunContext,
  login: Promise<void>,
  games: readonly number[] = VISITOR_GAMES,
): Promise<void> {
  await login;
  await expect(accountChip(ctx.page), ctx.run.say('not logged in after the login')).toBeVisible(ANSWER);
  await expectInAccount(ctx, games);
  await expectVisitorListGone(ctx);
  await logOutAndExpectNothingLeft(ctx);
}

export const ACTIONS: SweepAction[] = [
  // ---- The start-up window: first paint → the store acts. ----
  {
    name: '立即购买',
    window: 'startup',
    async act(ctx) {
      const { page, run } = ctx;
      const price = await patientPrice(ctx);
      const fullSpeed = await slowCpu(page, run.rate);
      await open(page, `/gameDetail/${GAME}`);
      await tapAt(page, run, page.getByRole('button', { name: '立即购买' }), PAINT);
      await expect(dialog(page, '登录'), run.say('立即购买 did not open the login (the tap was lost)')).toBeVisible(
        ANSWER,
      );
      await fullSpeed();
      await loginWithSms(page, ctx.phone);
      await completeRealName(page);
      const shown = await settledPrice(page, run);
      expect(
        shown,
        run.say(
          `the sheet settled at ¥${(shown / 100).toFixed(2)}, a patient shopper's is ¥${(price / 100).toFixed(2)}`,
        ),
      ).toBe(price);
      await payPatientlyAndExpectOneOrder(ctx, price);
    },
  },
  {
    name: '加入愿望单',
    window: 'startup',
    async act(ctx) {
      const { page, run } = ctx;
      await slowCpu(page, run.rate);
      await open(page, `/gameDetail/${VISITOR_GAMES[0]}`);
      await tapAt(page, run, wishToggle(page, false), PAINT);
      await expect(wishToggle(page, true), run.say('加入愿望单 was not taken (the tap was lost)')).toHaveAttribute(
        'aria-pressed',
        'true',
        ANSWER,
      );
      await storeActs(page, run);
      await expect(wishToggle(page, true), run.say('the toggle did not stay on: the tap acted twice?')).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const kept = await storedWishlists(page);
      expect(
        countOf(kept['wishlist:visitor'], VISITOR_GAMES[0]),
        run.say(`wishlist:visitor should hold game ${VISITOR_GAMES[0]} once: ${JSON.stringify(kept)}`),
      ).toBe(1);
    },
  },
  {
    name: 'a game card',
    window: 'startup',
    async act(ctx) {
      const { page, run } = ctx;
      await slowCpu(page, run.rate);
      await open(page, '/new');
      const card = firstCard(page);
      await card.waitFor({ state: 'visible' });
      const href = await card.getAttribute('href');
      await tapAt(page, run, card, PAINT);
      await expect(page, run.say(`the card did not open ${href}`)).toHaveURL(new RegExp(`${href}$`), ANSWER);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await storeActs(page, run);
      // Read before the tap: what 返回 acts on.
      const before = await storeHistory(page);
      await page.getByRole('button', { name: '返回' }).click();
      await expect(
        page,
        run.say(`返回 on the detail did not go back to /new, where the browser's back goes (before 返回: ${before})`),
      ).toHaveURL(/\/new$/);
    },
  },
  {
    name: 'a search typed',
    window: 'startup',
    async act(ctx) {
      const { page, run } = ctx;
      await slowCpu(page, run.rate);
      await open(page, '/');
      const box = page.getByRole('banner').getByRole('searchbox', { name: '搜索' });
      await tapAt(page, run, box, PAINT);
      // Typed and sent at once, as a shopper who knows what they want does.
      await page.keyboard.type('星');
      await page.keyboard.press('Enter');
      await expect(page, run.say('Enter did not search for what was typed')).toHaveURL(
        /\/search\?keyword=%E6%98%9F$/,
        ANSWER,
      );
      await expect(box, run.say('the box lost what was typed')).toHaveValue('星');
    },
  },
  {
    name: '返回',
    window: 'startup',
    async act(ctx) {
      const { page, run } = ctx;
      // The page before is visited and settled: the window is the detail's start-up, and /new must be in the
      // browser's history (and the store's) before it, as a shopper who came from /new has it.
      await page.goto('/new');
      await storeActs(page, run);
      await slowCpu(page, run.rate);
      await open(page, `/gameDetail/${GAME}`);
      await tapAt(page, run, page.getByRole('button', { name: '返回' }), PAINT);
      await expect(
        page,
        run.say(`返回 did not go to /new, where the browser's back goes (store history: ${await storeHistory(page)})`),
      ).toHaveURL(/\/new$/, ANSWER);
    },
  },
  {
    name: 'a reload',
    window: 'startup',
    async act(ctx) {
      const { page, run } = ctx;
      await visitorWishlists(page, run, [VISITOR_GAMES[0]]);
      await slowCpu(page, run.rate);
      await open(page, `/gameDetail/${VISITOR_GAMES[0]}`);
      await waitForOffset(page, run, PAINT);
      await page.reload({ waitUntil: 'commit' });
      await expect(
        wishToggle(page, true),
        run.say("after the reload the game is no longer in the visitor's wishlist"),
      ).toHaveAttribute('aria-pressed', 'true', ANSWER);
      await storeActs(page, run);
      const kept = await storedWishlists(page);
      expect(
        countOf(kept['wishlist:visitor'], VISITOR_GAMES[0]),
        run.say(`wishlist:visitor should hold game ${VISITOR_GAMES[0]} once: ${JSON.stringify(kept)}`),
      ).toBe(1);
    },
  },

  // ---- The login window: the 登录 tap → the hand-over done. ----
  // Each starts as a visitor who wishlisted two games; the login is made from the header, as the issue found it.
  {
    name: 'a reload',
    window: 'login',
    async act(ctx) {
      const { page, run } = ctx;
      const { login } = await visitorLogsInOn(ctx, '/');
      await waitForOffset(page, run, { mark: LOGIN_TAP });
      await page.reload({ waitUntil: 'commit' });
      // The login's own wait for its dialog to close may meet the reload: what counts is the state after it.
      await login.catch(() => undefined);
      await storeActs(page, run);
      const loggedIn = await accountChip(page).isVisible();
      run.notes.push(
        loggedIn ? 'logged in after the reload' : 'a visitor after the reload (reloaded before the login answered)',
      );
      if (!loggedIn) {
        const kept = await storedWishlists(page);
        expect(
          VISITOR_GAMES.map((id) => countOf(kept['wishlist:visitor'], id)),
          run.say(`reloaded before the login: the visitor's list should be intact: ${JSON.stringify(kept)}`),
        ).toEqual([1, 1]);
        return;
      }
      await expectHandedOver(ctx, Promise.resolve());
    },
  },
  {
    name: '加入愿望单',
    window: 'login',
    async act(ctx) {
      const { page, run } = ctx;
      const { login } = await visitorLogsInOn(ctx, `/gameDetail/${GAME}`);
      await tapAt(page, run, wishToggle(page, false), { mark: LOGIN_TAP });
      await expect(wishToggle(page, true), run.say('加入愿望单 was not taken')).toHaveAttribute(
        'aria-pressed',
        'true',
        ANSWER,
      );
      await expectHandedOver(ctx, login, [GAME, ...VISITOR_GAMES]);
    },
  },
  {
    name: 'a game card',
    window: 'login',
    async act(ctx) {
      const { page, run } = ctx;
      const { login } = await visitorLogsInOn(ctx, '/new');
      const card = firstCard(page);
      const href = await card.getAttribute('href');
      await tapAt(page, run, card, { mark: LOGIN_TAP });
      await expect(page, run.say(`the card did not open ${href}`)).toHaveURL(new RegExp(`${href}$`), ANSWER);
      await login;
      await page.getByRole('button', { name: '返回' }).click();
      await expect(
        page,
        run.say(`返回 on the detail did not go back to /new (store history: ${await storeHistory(page)})`),
      ).toHaveURL(/\/new$/);
      await expectHandedOver(ctx, Promise.resolve());
    },
  },
  {
    name: '返回',
    window: 'login',
    async act(ctx) {
      const { page, run } = ctx;
      await visitorWishlists(page, run, VISITOR_GAMES);
      // From /new to the detail, as a shopper comes: the detail's 返回 goes back there.
      await page.goto('/new');
      await storeActs(page, run);
      await firstCard(page).click();
      await expect(page).toHaveURL(/\/gameDetail\/\d+$/);
      await slowCpu(page, run.rate);
      const { login } = await startLogin(ctx);
      await tapAt(page, run, page.getByRole('button', { name: '返回' }), { mark: LOGIN_TAP });
      await expect(page, run.say(`返回 did not go to /new (store history: ${await storeHistory(page)})`)).toHaveURL(
        /\/new$/,
        ANSWER,
      );
      await expectHandedOver(ctx, login);
    },
  },
  {
    name: '立即购买',
    window: 'login',
    async act(ctx) {
      const { page, run } = ctx;
      const price = await patientPrice(ctx);
      const { login } = await visitorLogsInOn(ctx, `/gameDetail/${GAME}`);
      await tapAt(page, run, page.getByRole('button', { name: '立即购买' }), { mark: LOGIN_TAP });
      await login;
      await completeRealName(page);
      const shown = await settledPrice(page, run);
      expect(
        shown,
        run.say(
          `the sheet settled at ¥${(shown / 100).toFixed(2)}, a patient shopper's is ¥${(price / 100).toFixed(2)}`,
        ),
      ).toBe(price);
      await payPatientlyAndExpectOneOrder(ctx, price);
      await expectInAccount(ctx, VISITOR_GAMES);
      await expectVisitorListGone(ctx);
    },
  },
  {
    // The pay button's window opens with the pay sheet, inside the login's hand-over: the login's coupon arrives
    // meanwhile (the offset counts from the sheet's 立即支付 showing).
    name: 'the pay button',
    window: 'login',
    async act(ctx) {
      const { page, run } = ctx;
      const price = await patientPrice(ctx);
      await slowCpu(page, run.rate);
      await page.goto(`/gameDetail/${GAME}`);
      // The window is the pay sheet's: the page is left to start first.
      await storeActs(page, run);
      await page.getByRole('button', { name: '立即购买' }).click();
      await markLoginTap(page);
      await loginWithSms(page, ctx.phone);
      await completeRealName(page);
      const pay = dialog(page, '支付订单');
      const button = pay.getByRole('button', { name: '立即支付' });
      await button.waitFor({ state: 'visible' });
      await page.evaluate((mark) => performance.mark(mark), PAY_SHEET);
      const { clicked } = await tapAt(page, run, button, { mark: PAY_SHEET });
      if (!(await clicked())) {
        // The sheet said wait (优惠计算中…) when the press came: no order from that tap, and the shopper taps again
        // once it can. (Decided by whether the press reached the button as a click: a look before the press could
        // see it disabled, and the price could settle before the press arrived.)
        run.notes.push('the pay button was disabled when tapped');
        expect(await serverOrders(ctx.backend, ctx.phone), run.say('a disabled pay button made an order')).toEqual([]);
        await payPatientlyAndExpectOneOrder(ctx, price);
        return;
      }
      await expect(pay.getByText('等待支付结果…'), run.say('the tap on an enabled 立即支付 made no order')).toBeVisible(
        ANSWER,
      );
      await expectOneOrder(ctx, price);
    },
  },
];
