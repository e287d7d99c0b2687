/**
 * Prerendered pages (docs/prerendering.md): the public pages arrive as HTML holding their content, so a
 * browser with JavaScript off shows it; with JavaScript on, React takes that HTML over without a
 * hydration error (the `pageGuard` fixture fails any journey on a console error, and a hydration
 * mismatch is logged as one, src/app/main.tsx) and the store works as before.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** What the simulated backend's seed and its page title say the home links to (read from the page, not assumed). */
test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, dismissCouponPopup: false });

  test('the public pages show their content: home, /new, /notice, /help with each category and article, both agreement documents and a game detail linked from home @live', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
    const cards = main.getByRole('link', { name: /¥/ });
    expect(await cards.count()).toBeGreaterThan(5);
    const detailHref = await main.locator('a[href^="/gameDetail/"]').first().getAttribute('href');
    expect(detailHref).toMatch(/^\/gameDetail\/\d+$/);
    await expect(page.getByRole('banner').getByRole('link', { name: '新品' })).toBeVisible();

    await page.goto('/new');
    await expect(page.getByRole('heading', { name: '最近上架' })).toBeVisible();
    expect(await page.getByRole('main').locator('a[href^="/gameDetail/"]').count()).toBeGreaterThan(0);

    await page.goto('/notice');
    await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
    expect((await page.getByRole('main').innerText()).length).toBeGreaterThan(100);

    await page.goto('/help');
    await expect(page.getByRole('navigation', { name: '帮助分类' })).toBeVisible();
    expect(await page.getByRole('navigation', { name: '帮助分类' }).getByRole('link').count()).toBeGreaterThan(1);

    // Each category and article is a page of its own: followed as plain links, each load is its own file.
    const categories = page.getByRole('navigation', { name: '帮助分类' });
    const second = categories.getByRole('link').nth(1);
    const category = (await second.innerText()).replace(/\s*\(\d+\)$/, '');
    await second.click();
    await expect(page).toHaveURL(/\/help\?category=\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
    const articleLink = page.getByRole('region', { name: category }).getByRole('link').first();
    const articleTitle = await articleLink.innerText();
    await articleLink.click();
    await expect(page).toHaveURL(/\/help\?category=\d+&article=\d+$/);
    await expect(page.getByRole('article', { name: articleTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${articleTitle} - 星游商城`);

    await page.goto('/agreement');
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toBeVisible();
    // Both documents: the privacy policy is the footer's link.
    await page.getByRole('contentinfo').getByRole('link', { name: '隐私政策' }).click();
    await expect(page).toHaveURL(/\/agreement\?doc=privacy$/);
    await expect(page).toHaveTitle('隐私政策 - 星游商城');
    await expect(page.getByRole('tabpanel')).toContainText('隐私');

    await page.goto(detailHref!);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).not.toBeEmpty();
    await expect(page).toHaveTitle(`${await title.innerText()} - 星游商城`);
    await expect(page.getByRole('radio').first()).toBeAttached();
    await expect(page.getByRole('main').getByText(/¥\d/).first()).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      '@type'?: string;
      offers?: unknown[];
    };
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.offers?.length).toBeGreaterThan(0);
  });

  test('a path that is not prerendered gets the shell, as before: the store name and nothing to show without script', async ({
    page,
  }) => {
    for (const path of ['/search?keyword=%E6%98%9F', '/setting', '/gameDetail/999999']) {
      await page.goto(path);
      await expect(page).toHaveTitle('星游商城');
      await expect(page.getByRole('main')).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(0);
    }
  });
});

test('a prerendered home and game detail hydrate without an error, then work as a client-rendered page does @smoke @live', async ({
  page,
}) => {
  // The app's script is asked for once the first banner has loaded (src/app/boot.js), not with the HTML.
  const order: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/static/img/banner/')) order.push('banner');
  });
  page.on('request', (request) => {
    if (/\/assets\/index-[^/]+\.js$/.test(request.url())) order.push('app');
  });
  await page.goto('/');
  // The account shows once the page has hydrated (src/shared/hydration.ts).
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(order.indexOf('banner'), order.join(' ')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('banner'), order.join(' ')).toBeLessThan(order.indexOf('app'));
  // A game card (named with its price) of 为你推荐, whose games are the seed's: not a banner that may be sliding out
  // of view, nor a 今日特惠 tile, which another live journey's price drop (deals.spec.ts) can repaint with another
  // game between reading its link and the click.
  const card = page.getByRole('region', { name: '为你推荐' }).getByRole('link', { name: /¥/ }).first();
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('button', { name: '立即购买' }).first()).toBeEnabled();
  // A client-side navigation back, and a reload of the detail (its own prerendered file).
  await page.goBack();
  await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
  await page.goto(href!);
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '立即购买' }).first().click();
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
});

test('a help article, prerendered as its own page, hydrates without an error and its links work in the app', async ({
  page,
}) => {
  await page.goto('/help?category=2');
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  const category = await page.getByRole('main').getByRole('heading', { level: 2 }).innerText();
  const articleLink = page.getByRole('region', { name: category }).getByRole('link').first();
  const articleTitle = await articleLink.innerText();
  await articleLink.click();
  await expect(page.getByRole('article', { name: articleTitle })).toBeVisible();
  await expect(page).toHaveTitle(`${articleTitle} - 星游商城`);
  // Its file, loaded directly, is hydrated: React keeps the HTML's elements (a render from scratch would replace
  // them), and logs no error (the pageGuard fails on one).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { __prerendered?: Element | null }).__prerendered = document.querySelector('#help-article-title');
    });
  });
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(
    await page.evaluate(
      () =>
        (window as { __prerendered?: Element | null }).__prerendered === document.querySelector('#help-article-title'),
    ),
  ).toBe(true);
  await page.getByRole('link', { name: /返回/ }).click();
  await expect(page).toHaveURL(/\/help\?category=2$/);
});

/**
 * Does `act` in the page right before React takes the prerendered page over (when src/app/prerendered.ts tells
 * src/app/boot.js that the app holds the page, right before hydrateRoot): a click on the first game link in the
 * next microtask (the worst instant: hydrateRoot called, nothing rendered yet), or a scroll down.
 */
async function atHydration(page: Page, act: 'click a game' | 'scroll down'): Promise<void> {
  await page.addInitScript((action: string) => {
    let started = false;
    Object.defineProperty(window, '__appStarted', {
      configurable: true,
      get: () => started,
      set: (value: boolean) => {
        started = value;
        if (!value) return;
        if (action === 'scroll down') {
          window.scrollTo(0, 900);
          return;
        }
        queueMicrotask(() => {
          const link = document.querySelector('main a[href^="/gameDetail/"]');
          (window as { __clicked?: string }).__clicked = link?.getAttribute('href') ?? 'none';
          (link as HTMLElement | null)?.click();
        });
      },
    });
  }, act);
}

test('a link clicked the instant React takes the page over is followed: no click lost, no hydration error @live @mock', async ({
  page,
}) => {
  // React hydrates at once when the click comes, and hands it to the link.
  await atHydration(page, 'click a game');
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => (window as { __clicked?: string }).__clicked))
    .toMatch(/^\/gameDetail\/\d+$/);
  const href = await page.evaluate(() => (window as { __clicked?: string }).__clicked);
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('button', { name: '立即购买' }).first()).toBeEnabled();
});

test('a page scrolled before the app started stays where the shopper put it, and hydrates without an error @live', async ({
  page,
}) => {
  // The scroll happens as the app takes the page over: the router's first render must not reset it, and the
  // side bar's back-to-top button (shown when scrolled) must wait for hydration (the pageGuard fails on a mismatch).
  await atHydration(page, 'scroll down');
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: '快捷入口' }).getByRole('button', { name: /顶部/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
});
