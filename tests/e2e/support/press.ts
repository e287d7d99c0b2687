import type { Locator, Page } from '@playwright/test';

/** Where a box is in the viewport. */
type Place = { left: number; top: number };

/**
 * In the page: null if a press at the middle of `element`'s box lands on it, or if it is covered there with its
 * middle near mid-screen (a dialog on top: scrolling would not help). Otherwise how far to scroll to bring the
 * middle to mid-screen, and a point over the element (or the nearest in the viewport) for the wheel.
 */
function distanceToPress(element: Element): { x: number; y: number; dx: number; dy: number; from: Place } | null {
  const box = element.getBoundingClientRect();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (box.width === 0 || box.height === 0) return null; // not laid out yet: nothing to scroll to
  const inside = x >= 0 && x < innerWidth && y >= 0 && y < innerHeight;
  const hit = inside ? document.elementFromPoint(x, y) : null;
  if (hit !== null && (hit === element || element.contains(hit))) return null;
  const dx = x >= 0 && x < innerWidth ? 0 : x - innerWidth / 2;
  const dy = y - innerHeight / 2;
  if (dx === 0 && Math.abs(dy) < innerHeight / 4) return null;
  const clamp = (value: number, size: number) => Math.min(Math.max(value, 1), size - 1);
  return { x: clamp(x, innerWidth), y: clamp(y, innerHeight), dx, dy, from: { left: box.left, top: box.top } };
}

/**
 * In the page: whether `element` has moved from `before`, said once it has stayed in place for two frames (the
 * scroll has ended, smooth or not), or after 30 frames without moving (a wheel's scroll starts a frame or more
 * after the wheel event). Counted in frames, not in time, and at most 120 of them.
 */
function settled(element: Element, before: Place): Promise<boolean> {
  return new Promise((resolve) => {
    let last = `${before.left},${before.top}`;
    let still = 0;
    let frames = 0;
    const look = () => {
      const { left, top } = element.getBoundingClientRect();
      const moved = left !== before.left || top !== before.top;
      const place = `${left},${top}`;
      still = place === last ? still + 1 : 0;
      last = place;
      frames += 1;
      if ((moved && still >= 2) || (!moved && frames >= 30) || frames >= 120) resolve(moved);
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/**
 * Scrolls `control` to where a shopper's press reaches it, as a shopper does: not at all if a press at its middle
 * already lands on it, else with the mouse wheel over it until its middle is about mid-screen.
 *
 * Not with a script's scroll (`scrollIntoView`): on a page reloaded or opened from history, Chromium restores the
 * old scroll position once the page has loaded unless the shopper has scrolled, and a script's scroll is not the
 * shopper's. A press measured before that restoration landed on what it moved there: 增加数量's press, made on a
 * page reloaded before its load event, took the goods option 101 px above it (once in CI).
 */
export async function scrollToPress(page: Page, control: Locator): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) {
    const far = await control.evaluate(distanceToPress);
    if (far === null) return;
    await page.mouse.move(far.x, far.y);
    await page.mouse.wheel(far.dx, far.dy);
    // Nothing moved: the page (or the box it is in) cannot scroll further that way.
    if (!(await control.evaluate(settled, far.from))) return;
  }
}
