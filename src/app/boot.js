/* global addEventListener, window, location, sessionStorage, Element, HTMLInputElement, HTMLTextAreaElement, Event, document, requestAnimationFrame, setTimeout, clearTimeout, MutationObserver */
/*
 * Written into index.html's head by scripts/vite-boot-script.ts, minified (just under its 2 KB gzip budget), as its one inline
 * script: it runs before the body is parsed, so no tap can come before it (docs/decisions/0036-boot-script-inline.md).
 * Plain script, no module, in the syntax of the app's build target (es2022; the minifier writes it so). Five jobs
 * (docs/prerendering.md; the fourth and fifth below):
 *
 * 1. It remembers a link a shopper follows on a prerendered page before React holds it ("Before the app
 *    starts"). The app's router writes its key into the history entry when it starts, which makes the browser
 *    drop a navigation still in flight; src/app/main.tsx reads `__earlyNavigation` first and follows that link
 *    itself instead of starting. Once React holds the page (`__appStarted`), links are the next job's.
 * 2. It keeps every other tap, and what is typed, until the store's flows run ("No tap is lost"): a click on a
 *    button, a choice or a tab, a link once React holds the page, a form's submission, a keyword typed in a
 *    search box. A kept tap is marked at once (`data-tap-kept`, styled in src/shared/styles.css, and
 *    `aria-busy`), and src/app/main.tsx calls `__storeReady()` once the page has its handlers: what was typed
 *    reaches its box's handler, and the taps are replayed in order, one per task. A page rendered anew (its
 *    HTML was for another address) has new elements: a kept control's twin, the same kind with the same name,
 *    is clicked instead, once it is enabled (a page rendered anew fetches its data again). If the store cannot start, they are replayed all the same: what needs no flow (a tab,
 *    a link) still acts.
 * 3. On a prerendered page with its data, it starts the app ("When the app starts"). The page is already
 *    there as HTML: the app's script (named by `<meta name="app-entry">`, written by
 *    scripts/lib/prerender-html.ts in place of the module script) is asked for once the page's first
 *    image of high priority (the banner, a game's cover) has loaded and painted, so that a phone's bandwidth
 *    goes to what the shopper sees first. At most START_WAIT_MS after the document is parsed, whatever the
 *    image does. Every other page names no entry here: its module script loads as the browser finds it.
 *
 * 5. A reload the store makes itself (in mock builds of a page msw's worker neither controls nor claims when asked:
 *    src/mock/browser.ts; a chunk that failed to load) takes the kept taps and a link
 *    followed early with it: `__carryKeptTaps()` announces it, the page writes them to sessionStorage as it goes
 *    (`pagehide`), and the reloaded page (the same address) keeps them as its own, marked on their twins.
 */
(function () {
  var START_WAIT_MS = 3000;

  // 4. Back from a pay app (`?payOrder=`, src/features/buying/pay-return.ts): 正在确认支付结果 covers the page
  //    (index.html's .pay-return-cover) until the app knows the order's status, so the page the shopper left,
  //    with its old choice, never shows meanwhile (docs/buying.md).
  if (/[?&]payOrder=/.test(location.search)) document.documentElement.classList.add('pay-returning');

  var ready = false;
  var kept = [];
  var KEPT = 'data-tap-kept';
  // What a tap acts on. Text boxes are left alone (a tap there places the caret); their typing is kept below.
  var CONTROL =
    'a[href], button, input, select, label, summary, [role="button"], [role="tab"], [role="option"], [role="switch"]';

  function inPage(node) {
    var root = document.getElementById('root');
    return !!root && root.contains(node);
  }

  function isTextBox(node) {
    return (
      (node instanceof HTMLInputElement &&
        !/^(checkbox|radio|button|submit|reset|image|file|color|range)$/.test(node.type)) ||
      node instanceof HTMLTextAreaElement
    );
  }

  // What names a control to a shopper (its label, or its text), for finding it again in a page rendered anew.
  function nameOf(el) {
    return (
      el.getAttribute('aria-label') ||
      el.getAttribute('name') ||
      el.getAttribute('placeholder') ||
      el.textContent ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
  }

  // A page whose HTML the app throws away (its data block is for another address, src/app/prerendered.ts) is
  // rendered anew: a control kept meanwhile is gone, and its twin, the same kind of control with the same name
  // (and for a link the same address), in the same place in the new page's order, stands for it.
  function twinOf(entry) {
    var same = controlsLike(entry);
    return same[Math.min(entry.index, same.length - 1)] || null;
  }

  // The page's controls of the kind and name `entry` notes (and for a link its address), in the page's order.
  function controlsLike(entry) {
    var root = document.getElementById('root');
    var same = [];
    if (!root || !entry.name) return same;
    var found = root.querySelectorAll(entry.el.tagName);
    for (var i = 0; i < found.length; i += 1) {
      var candidate = found[i];
      if (candidate.getAttribute('role') !== entry.role || nameOf(candidate) !== entry.name) continue;
      if (entry.href !== null && candidate.getAttribute('href') !== entry.href) continue;
      same.push(candidate);
    }
    return same;
  }

  // Where the kept control stands among the page's controls like it (0: the first), read when it is kept.
  function indexOf(entry) {
    return Math.max(0, controlsLike(entry).indexOf(entry.el));
  }

  function keep(entry, event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    remember(entry);
    mark(entry.el, true);
    kept.push(entry);
  }

  addEventListener(
    'click',
    function (event) {
      if (
        ready ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      var target = event.target instanceof Element ? event.target : null;
      var control = target && target.closest(CONTROL);
      if (!control || !inPage(control) || isTextBox(control)) return;
      if (control.matches('a[href]')) {
        if (control.origin !== location.origin || control.target || control.hasAttribute('download')) return;
        // Before React holds the page, the browser follows the link and the app follows it too (job 1).
        if (!window.__appStarted) {
          window.__earlyNavigation = control.href;
          return;
        }
      }
      keep({ kind: 'click', el: control }, event);
    },
    true,
  );

  // A form sent without a click on its button (Enter in a box with no submit button): sent again once ready.
  addEventListener(
    'submit',
    function (event) {
      if (ready || !inPage(event.target)) return;
      keep({ kind: 'submit', el: event.target }, event);
    },
    true,
  );

  // What is typed stays in the box (React keeps a box's text while it hydrates); its handler hears it once ready.
  addEventListener(
    'input',
    function (event) {
      var box = event.target;
      if (ready || !inPage(box) || !isTextBox(box)) return;
      var last = kept[kept.length - 1];
      if (!last || last.el !== box) kept.push((last = remember({ kind: 'input', el: box })));
      // Noted as typed: a render of the page before the store is ready (the one with the root actor) sets a
      // controlled box back to the value React holds, and the text would be gone by the time it is replayed.
      last.value = box.value;
    },
    true,
  );

  // Tells React's handler of `box` what it holds: React only hears a value it has not seen, so the box is set
  // through React's own tracking to '' and back through the element's native setter before the event.
  function replayInput(box, value) {
    var proto = Object.getPrototypeOf(box);
    var setter = Object.getOwnPropertyDescriptor(proto, 'value');
    box.value = value === '' ? ' ' : '';
    if (setter && setter.set) setter.set.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }

  // Notes, when a tap is kept, what finds its control again if the page is rendered anew.
  function remember(entry) {
    var el = entry.el;
    entry.name = el.getAttribute ? nameOf(el) : '';
    entry.role = el.getAttribute ? el.getAttribute('role') : null;
    entry.href = el.getAttribute ? el.getAttribute('href') : null;
    entry.index = el.getAttribute ? indexOf(entry) : 0;
    return entry;
  }

  // How long a kept tap waits for its control to be able to act (a page rendered anew fetches its data again:
  // 立即购买 stays disabled until its goods are in); then it is dropped.
  var ACTIONABLE_WAIT_MS = 15000;

  function mark(el, on) {
    if (!el.setAttribute) return;
    if (on) {
      el.setAttribute(KEPT, '');
      el.setAttribute('aria-busy', 'true');
    } else {
      el.removeAttribute(KEPT);
      el.removeAttribute('aria-busy');
    }
  }

  // The control a kept tap acts on now (itself, or its twin in a page rendered anew), or null: none yet, or it is
  // disabled.
  function actionable(entry) {
    var el = entry.el.isConnected ? entry.el : twinOf(entry);
    if (!el || el.disabled || el.getAttribute('aria-disabled') === 'true') return null;
    return el;
  }

  // Calls `act` with the entry's control once it can act (at once, most often), or with null after
  // ACTIONABLE_WAIT_MS. Meanwhile the control found, if any, keeps the mark of a kept tap.
  function whenActionable(entry, act) {
    var now = actionable(entry);
    var root = document.getElementById('root');
    if (now || !root) {
      act(now);
      return;
    }
    var shown = null;
    var done = false;
    var observer;
    var timer;
    var finish = function (target) {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      if (shown) mark(shown, false);
      act(target);
    };
    var check = function () {
      var target = actionable(entry);
      if (target) return finish(target);
      var waiting = entry.el.isConnected ? entry.el : twinOf(entry);
      if (waiting && waiting !== shown) {
        if (shown) mark(shown, false);
        shown = waiting;
        mark(shown, true);
      }
    };
    observer = new MutationObserver(check);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'aria-disabled'],
    });
    timer = setTimeout(function () {
      finish(null);
    }, ACTIONABLE_WAIT_MS);
    check();
  }

  function replay(entry, then) {
    mark(entry.el, false);
    whenActionable(entry, function (target) {
      if (target) {
        // What was typed, as it was typed (the box may have been reset or dropped since).
        if (entry.kind === 'input') replayInput(target, entry.value);
        else if (entry.kind === 'submit') target.requestSubmit();
        else target.click();
      }
      then();
    });
  }

  window.__storeReady = function () {
    if (ready) return;
    ready = true;
    (function next() {
      var entry = kept.shift();
      if (!entry) return;
      // One per task: the render a tap causes is committed before the next one is acted on.
      replay(entry, function () {
        setTimeout(next, 0);
      });
    })();
  };

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

  // 5. The taps a reload the store made carried here (see the comment at the top).
  var CARRIED = 'boot:carried-taps';
  var carry = false;
  window.__carryKeptTaps = function () {
    carry = true;
  };
  addEventListener('pagehide', function () {
    if (!carry || ready || (!kept.length && !window.__earlyNavigation)) return;
    try {
      // A kept control is written as its tag name: the reloaded page finds its twin by what `remember` noted.
      var record = { url: location.href, taps: kept, link: window.__earlyNavigation };
      sessionStorage.setItem(
        CARRIED,
        JSON.stringify(record, function (key, value) {
          return key === 'el' ? value.tagName : value;
        }),
      );
    } catch {
      // storage full or blocked: the taps go with the page, as without this
    }
  });
  try {
    var stored = JSON.parse(sessionStorage.getItem(CARRIED) || 'null');
    sessionStorage.removeItem(CARRIED);
    if (stored && stored.url === location.href) {
      if (typeof stored.link === 'string') window.__earlyNavigation = stored.link;
      (stored.taps || []).forEach(function (tap) {
        // Stands for the control until the page is parsed; then its twin does (below).
        tap.el = { tagName: String(tap.el), isConnected: false };
        kept.push(tap);
      });
    }
  } catch {
    // unreadable or damaged: nothing carried
  }

  function parsed() {
    for (var j = 0; j < kept.length; j += 1) {
      var entry = kept[j];
      var twin = entry.el.isConnected ? null : twinOf(entry);
      if (!twin) continue;
      entry.el = twin;
      if (entry.kind === 'input') twin.value = entry.value;
      else mark(twin, true);
    }
    whenParsed();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
  else parsed();
})();
