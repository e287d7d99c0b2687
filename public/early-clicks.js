/* global addEventListener, window, location, Element */
/*
 * Loaded by index.html (async, a few hundred bytes) ahead of the app: remembers a link a shopper follows on a
 * prerendered page before the app has started (docs/prerendering.md, "Before the app starts"). The app's router
 * writes its key into the history entry when it starts, which makes the browser drop a navigation still in
 * flight; src/app/main.tsx reads `__earlyNavigation` first and follows that link itself instead of starting.
 * Once the app runs (`__appStarted`), this listener records nothing.
 */
addEventListener(
  'click',
  function (event) {
    if (window.__appStarted || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link && link.origin === location.origin && !link.target && !link.hasAttribute('download')) window.__earlyNavigation = link.href;
  },
  true,
);
