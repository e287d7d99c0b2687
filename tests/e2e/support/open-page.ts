import type { Page } from '@playwright/test';

/**
 * Opens `url` and returns as soon as the browser has the response: the page is not waited for. The step
 * before may have left a navigation of its own in flight (a link taken before the app started is followed by
 * the browser and again by the app, src/app/main.tsx); a `goto` that meets it is aborted, and is made again.
 */
export async function openAtCommit(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'commit' });
  } catch (error) {
    if (!String(error).includes('ERR_ABORTED')) throw error;
    await page.goto(url, { waitUntil: 'commit' });
  }
}

/**
 * Holds the requests `url` matches (at most `times` of them, if given) until the returned function is called:
 * a slow resource at a moment the journey chooses (the app's entry, an image that `load` waits for).
 */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0], times?: number): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await held;
      await route.continue().catch(() => undefined); // the page that asked for it is gone
    },
    times === undefined ? undefined : { times },
  );
  return release;
}
