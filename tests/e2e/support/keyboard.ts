/**
 * Keyboard-only helpers: the journeys that use them never touch the mouse.
 * `tabTo` presses Tab (or Shift+Tab) until the target has the focus, the way
 * a keyboard user walks a page, and fails when it never gets there.
 */
import { expect, type ElementHandle, type Locator, type Page } from '@playwright/test';

/**
 * The target is found by role once and then compared with the focused element
 * through its handle: matching a role locator after every key press would scan
 * the whole page each time. A re-rendered (detached) target is looked up again.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  const { backwards = false, max = 200 } = options;
  // An expectation first: it lets the fixture close a coupon popup that opened on top (it traps Tab).
  await expect(target).toBeVisible();
  let handle: ElementHandle | null = await target.elementHandle();
  for (let presses = 0; presses <= max; presses += 1) {
    const focused = handle
      ? await handle
          .evaluate((element) => (element.isConnected ? element === document.activeElement : null))
          .catch(() => null)
      : null;
    if (focused === true) return;
    if (focused === null) {
      handle = await target.elementHandle();
      continue;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    // Now and then an expectation again: a coupon popup that opened meanwhile traps Tab until the
    // fixture's handler (which runs before expectations and actions, not before key presses) closes it.
    if (presses % 10 === 9) await expect(target).toBeVisible();
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** Tab to the target, then press a key on it (Enter by default). */
export async function activate(
  page: Page,
  target: Locator,
  key = 'Enter',
  options: { backwards?: boolean } = {},
): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}
