import { apiPrefix } from './msw-handlers';

/**
 * Mock mode only, called by ./browser.ts once msw's worker answers.
 *
 * A prerendered page's images (`<img src="/webapi/static/img/…">`, and the first banner's preload) start loading
 * with the HTML, before the worker controls the page. On a first visit (no worker registered yet) they reach the
 * static server instead. A mock build has them as files there (scripts/lib/prerender-images.ts); where it has not
 * (the dev server, a build served under a base path), the server answers with the app's HTML or a 404: the shopper
 * would see broken images until the next visit (and a browser never counts a broken image as the page's largest
 * paint, so the daily coupon popup's text became the LCP of `/`). Each such image is asked for again once the worker
 * answers: at once if it has already failed, on its error if it is still loading; it is retried once, so an image
 * that fails again is a real failure, and `<SafeImage>`'s placeholder takes over once React has hydrated. Images not
 * requested yet (lazy ones further down) go through the worker anyway. Returns how many images were retried or are
 * watched.
 */
export function retryImagesLoadedBeforeWorker(doc: Document, baseUrl: string): number {
  const prefix = apiPrefix(baseUrl, doc.baseURI);
  let count = 0;
  for (const image of Array.from(doc.images)) {
    const src = image.getAttribute('src');
    if (!src || !image.src.startsWith(prefix)) continue;
    // Setting `src` again, even to the same address, makes the browser load it afresh after an error.
    const retry = () => image.setAttribute('src', src);
    if (image.complete) {
      if (image.naturalWidth > 0) continue; // loaded: an earlier visit's worker answered it
      retry();
    } else {
      image.addEventListener('error', retry, { once: true });
    }
    count += 1;
  }
  return count;
}
