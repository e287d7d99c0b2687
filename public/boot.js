/* global addEventListener, window, location, Element, document, requestAnimationFrame, setTimeout */
/*
 * Loaded by index.html (async, well under a kilobyte) ahead of the app. Three jobs (docs/prerendering.md; the
 * third below):
 *
 * 1. It remembers a link a shopper follows on a prerendered page before the app has started ("Before the app
 *    starts"). The app's router writes its key into the history entry when it starts, which makes the browser
 *    drop a navigation still in flight; src/app/main.tsx reads `__earlyNavigation` first and follows that link
 *    itself instead of starting. Once the app runs (`__appStarted`), this listener records nothing.
 * 2. On a prerendered page with its data, it starts the app ("When the app starts"). The page is already
 *    there as HTML: the app's script (named by `<meta name="app-entry">`, written by
 *    scripts/lib/prerender-html.ts in place of the module script) is asked for once the page's first
 *    image of high priority (the banner, a game's cover) has loaded and painted, so that a phone's bandwidth
 *    goes to what the shopper sees first. At most START_WAIT_MS after the document is parsed, whatever the
 *    image does. Every other page names no entry here: its module script loads as the browser finds it.
 */
(function () {
  var START_WAIT_MS = 3000;

  // 3. Back from a pay app (`?payOrder=`, src/features/buying/pay-return.ts): 正在确认支付结果 covers the page
  //    (index.html's .pay-return-cover) until the app knows the order's status, so the page the shopper left,
  //    with its old choice, never shows meanwhile (issue 32).
  if (/[?&]payOrder=/.test(location.search)) document.documentElement.classList.add('pay-returning');

  addEventListener(
    'click',
    function (event) {
      if (window.__appStarted || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && link.origin === location.origin && !link.target && !link.hasAttribute('download')) window.__earlyNavigation = link.href;
    },
    true,
  );

  var started = false;
  function startApp(entry) {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  function whenParsed() {
    var meta = document.querySelector('meta[name="app-entry"]');
    if (!meta) return;
    var entry = meta.getAttribute('content');
    var start = function () {
      startApp(entry);
    };
    // After the next frame has painted: a frame's callback runs before its paint, the timeout after it.
    var afterPaint = function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    };
    setTimeout(start, START_WAIT_MS);
    var hero = document.querySelector('img[fetchpriority="high"]');
    if (!hero || hero.complete) {
      afterPaint();
      return;
    }
    hero.addEventListener('load', afterPaint);
    hero.addEventListener('error', afterPaint);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();
