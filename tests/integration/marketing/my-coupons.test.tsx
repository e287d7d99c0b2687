import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { createOrder } from '../../../src/api/orders';
import { backend } from '../../support/server';
import { PLAIN, preloadBuyingChunks, renderLoggedIn } from '../buying/helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

// The store's stylesheet and the personal centre's, as the browser has them on /setting (the test app
// renders without CSS), so that the test can read the colour a coupon is shown in.
let stylesheet: HTMLStyleElement | null = null;
function loadStyles(): void {
  stylesheet = document.createElement('style');
  stylesheet.textContent = ['src/shared/styles.css', 'src/features/session/session.css']
    .map((file) => readFileSync(resolve(import.meta.dirname, '../../..', file), 'utf8'))
    .join('\n');
  document.head.append(stylesheet);
}
afterEach(() => {
  stylesheet?.remove();
  stylesheet = null;
});

/** An element's text colour as `r,g,b`, custom properties (`var(--accent)`) looked up on :root. */
function colourOf(element: Element): [number, number, number] {
  let value = getComputedStyle(element).color.trim();
  const custom = /^var\((--[\w-]+)\)$/.exec(value);
  if (custom) value = getComputedStyle(document.documentElement).getPropertyValue(custom[1]!).trim();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`unreadable colour ${value}`);
}
// grey, or the store's slightly blue grey (#4b5563)
const isGrey = ([r, g, b]: [number, number, number]) => Math.max(r, g, b) - Math.min(r, g, b) <= 32;
const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 80 && b < 80;

beforeAll(preloadBuyingChunks);

describe('my coupons (/setting?type=1)', { timeout: 20_000 }, () => {
  it('shows a used or an expired coupon grey with its state stamped, an available one red', async () => {
    const { router } = await renderLoggedIn('/');
    await postReceiveCoupon(3); // 满 50 减 5 元, 15 days: expired once the clock has moved 16 days on
    backend.control.advanceClock(16 * DAY_MS);
    const used = await postReceiveCoupon(1); // 5 元 without threshold, used by an order
    await createOrder({ goodsId: PLAIN.goodsId, buyNum: 1, couponId: used.couponId, requestId: 'my-coupons-used' });
    await postReceiveCoupon(2); // 满 100 减 10 元, still available
    loadStyles();

    await router.navigate({ to: '/setting', search: { type: 1 } });

    const available = within(await screen.findByRole('list', { name: '可使用的优惠券' })).getByRole('listitem');
    const usedRow = within(screen.getByRole('list', { name: '已使用的优惠券' })).getByRole('listitem');
    const expiredRow = within(screen.getByRole('list', { name: '已过期的优惠券' })).getByRole('listitem');
    expect(available).toHaveTextContent('满 100 减 10 元');
    expect(usedRow).toHaveTextContent('新人专享 5 元无门槛券');
    expect(expiredRow).toHaveTextContent('满 50 减 5 元');

    // the state is said in the row itself, not only by the heading above it
    expect(within(usedRow).getByText('已使用')).toBeInTheDocument();
    expect(within(expiredRow).getByText('已过期')).toBeInTheDocument();
    expect(within(available).queryByText(/^已(使用|过期)$/)).toBeNull();

    const amountIn = (row: HTMLElement) => within(row).getByText(/^¥\d+\.\d{2}$/);
    expect(isRed(colourOf(amountIn(available)))).toBe(true);
    for (const row of [usedRow, expiredRow]) {
      expect(isGrey(colourOf(amountIn(row))), row.textContent ?? '').toBe(true);
      expect(isRed(colourOf(amountIn(row)))).toBe(false);
    }
  });
});
