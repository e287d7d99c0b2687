/**
 * One "screen" of the audit pass: axe (WCAG 2 A and AA rules) on the page as it
 * is, keeping the serious and critical violations, a check that nothing makes
 * the page wider than the viewport, a check that no toast covers a dialog's
 * title on a phone, a viewport-sized screenshot, and then (on a page, not under
 * a modal dialog) a check that the floating sidebar (订单 / 客服 / 返回顶部)
 * covers none of main's text, at the bottom of the page and at its top (see
 * `scanFloatingItems`), and that every form control, found by role, is one of the store's own.
 *
 * Screenshots go to test-results/screens/; with E2E_SCREENSHOTS=1 they go to
 * docs/screens/ instead (the committed copies shown in docs/screens.md).
 * Every finding is also written to test-results/axe/<project>-<test>.json so
 * a run leaves a readable report next to its traces. There is no allow-list:
 * a serious or critical violation is fixed in the app, not recorded here.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { SCREEN_QUALITY, SCREEN_SIZES, screenFile } from './screen-sizes';

const AXE_TAGS = ['wcag2a', 'wcag2aa'];
/** The roles of form controls: each found must be one of the store's own (its `data-ui` marker). */
const CONTROL_ROLES = [
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'slider',
] as const;
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Resolves once the page has laid out and painted twice (after a viewport change). */
const afterTwoFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS === '1' ? 'docs/screens' : 'test-results/screens';
/**
 * Screens are photographed to refresh docs/screens (E2E_SCREENSHOTS=1) and in local runs (test-results/screens,
 * to look at); CI skips them (a failed test still gets its own screenshot): about 60 screenshots of the run's time.
 */
const PHOTOGRAPH = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

export class Audit {
  readonly findings: Finding[] = [];
  readonly screens: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
    private readonly viewportName: string,
  ) {}

  /** Runs axe on what the page shows now and saves its screenshots as `<screen>-<width>.jpg` (./screen-sizes.ts). */
  async check(screen: string, options: { screenshot?: boolean } = {}): Promise<void> {
    // First, while a toast that came with this screen (实名认证成功 over the pay dialog, say) is still up.
    for (const { toast, title } of await this.page.evaluate(toastsOverTitles, TOAST_REGIONS)) {
      this.findings.push({
        screen,
        rule: 'toast-over-dialog-title',
        impact: 'layout',
        help: `the toast "${toast}" covers the title of the dialog "${title}"`,
        nodes: [],
      });
    }
    // Legacy mode runs axe.run() in the page instead of runPartial() per frame plus finishRun() in a new
    // blank page: 1.9 s instead of 3.3 s per screen here. It skips cross-origin frames only, and the store
    // renders no frames (src/shared/sanitize.ts strips them from server HTML). The option is deprecated for
    // axe 5; drop the call if it goes.
    // Violations alone: nothing reads the passes or the inapplicable rules, and leaving them out shrank axe's
    // answer on a game's detail from 87 KB to 49 KB (about 10 % of a check's time, measured 2026-12-03).
    const results = await new AxeBuilder({ page: this.page })
      .setLegacyMode(true)
      .withTags(AXE_TAGS)
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const violation of results.violations) {
      if (!violation.impact || !BLOCKING.has(violation.impact)) continue;
      const nodes = violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html.slice(0, 240),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      }));
      this.findings.push({ screen, rule: violation.id, impact: violation.impact, help: violation.help, nodes });
    }
    // A layout check axe does not make: nothing may stretch the page sideways (on a phone a wider page
    // zooms out, and fixed dialogs then sit off screen).
    const width = await this.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    if (width.page > width.viewport + 1) {
      // Name the elements that stick out (the innermost ones), so that a finding says where to look.
      const nodes = await this.page.evaluate((viewport) => {
        const clipped = (element: Element) => {
          for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return true;
          }
          return false;
        };
        const out = [...document.body.querySelectorAll('*')].filter(
          (element) => element.getBoundingClientRect().right > viewport + 1 && !clipped(element),
        );
        return out
          .filter((element) => !out.some((other) => other !== element && element.contains(other)))
          .slice(0, 5)
          .map((element) => ({
            target: element.tagName.toLowerCase(),
            html: element.outerHTML.slice(0, 240),
            summary: `right edge at ${Math.round(element.getBoundingClientRect().right)}px`,
          }));
      }, width.viewport);
      this.findings.push({
        screen,
        rule: 'horizontal-overflow',
        impact: 'layout',
        help: `the page is ${width.page}px wide in a ${width.viewport}px viewport`,
        nodes,
      });
    }
    // The footer is one dark block: its links (in the app) and the lines after it (经营信息, in index.html) meet,
    // with no stripe of the page's background between them.
    const gap = await this.page.evaluate(() => {
      const footer = document.querySelector('footer');
      const legal = document.querySelector('aside[aria-label="经营信息"]');
      if (!footer || !legal || legal.getClientRects().length === 0) return null;
      return legal.getBoundingClientRect().top - footer.getBoundingClientRect().bottom;
    });
    if (gap !== null && Math.abs(gap) > 0.5) {
      this.findings.push({
        screen,
        rule: 'footer-stripe',
        impact: 'layout',
        help: `${gap.toFixed(1)}px of the page show between the footer and its 经营信息 lines`,
        nodes: [],
      });
    }
    // Every form control shown is one of the store's (src/shared/ui/form-controls.tsx, its `data-ui` marker):
    // found by role, as a shopper's assistive technology finds them.
    // The backend's own pages (the pay channel's H5 page) play a third party's site, not the store. One query for
    // every role (one round trip per screen).
    if (!BACKEND_PAGE.test(new URL(this.page.url()).pathname)) {
      const controls = CONTROL_ROLES.slice(1).reduce(
        (found, role) => found.or(this.page.getByRole(role)),
        this.page.getByRole(CONTROL_ROLES[0]),
      );
      const raw = await controls.evaluateAll((elements) =>
        elements
          .filter((el) => /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !el.hasAttribute('data-ui'))
          .map((el) => el.outerHTML.slice(0, 160)),
      );
      if (raw.length > 0)
        this.findings.push({
          screen,
          rule: 'raw-form-control',
          impact: 'design',
          help: "a form control without the store's styling (src/shared/ui/form-controls.tsx)",
          nodes: raw.map((html) => ({ target: html.slice(0, 40), html, summary: '' })),
        });
    }
    if (options.screenshot !== false && PHOTOGRAPH) await this.photograph(screen);
    // After the screenshot: the scan scrolls the page (and puts it back). Not on the backend's own pages, and not
    // under a modal dialog: the page beneath is inert and does not move, and each page a dialog opens over is
    // scanned as a screen of its own (home, the detail, the order detail), so a scan there would measure it twice.
    if (!BACKEND_PAGE.test(new URL(this.page.url()).pathname) && !(await this.page.evaluate(modalOpen))) {
      this.findings.push(
        ...floatingFindings(
          screen,
          await this.page.evaluate(scanFloatingItems, { landmark: SIDEBAR_NAME, backToTop: BACK_TO_TOP }),
        ),
      );
    }
    this.screens.push(screen);
  }

  /**
   * Saves the screen at each of its project's sizes (./screen-sizes.ts), then puts the viewport back as the
   * test had it: the axe scan and the rest of the test run at the project's own viewport.
   */
  private async photograph(screen: string): Promise<void> {
    const own = this.page.viewportSize();
    let resized = false;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const size of SCREEN_SIZES[this.viewportName] ?? []) {
      if (own?.width !== size.width || own.height !== size.height) {
        await this.page.setViewportSize({ width: size.width, height: size.height });
        await this.page.evaluate(afterTwoFrames);
        resized = true;
      }
      const path = join(SCREENSHOT_DIR, screenFile(screen, size));
      await this.page.screenshot({
        path,
        type: 'jpeg',
        quality: SCREEN_QUALITY,
        animations: 'disabled',
        caret: 'hide',
      });
    }
    if (resized && own) {
      await this.page.setViewportSize(own);
      await this.page.evaluate(afterTwoFrames);
    }
  }

  /** Writes the findings next to the run's other output, attaches them to the test and returns them as text ('' when none). */
  async report(): Promise<string> {
    const text = JSON.stringify({ screens: this.screens, findings: this.findings }, null, 2);
    const name = `${this.testInfo.project.name}-${(this.testInfo.titlePath.at(-1) ?? 'audit').replace(/\W+/g, '-')}.json`;
    const file = join('test-results', 'axe', name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    await this.testInfo.attach('axe-serious-and-critical.json', { body: text, contentType: 'application/json' });
    return this.findings
      .map(
        (f) =>
          `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n${f.nodes.map((n) => `    ${n.html}\n      ${n.summary}`).join('\n')}`,
      )
      .join('\n');
  }
}

// --- the floating sidebar never covers main's text (docs/e2e.md) ------------------------------------------------

/** The sidebar's landmark (src/features/shell/floating-sidebar.tsx) and its items. */
const SIDEBAR_NAME = '快捷入口';
const ALWAYS_SHOWN = ['订单', '客服'];
/** Shown once the page is scrolled more than 200 px down (spec section 2), and only then. */
const BACK_TO_TOP = '返回顶部';
/**
 * Paths without the sidebar: the landings under /sem and /coupon (spec section 2) and /demo, which has no
 * layout. Every other page, the error pages included, must have it; a screen where it is missing is a
 * finding, so the overlap check cannot pass by finding nothing to check.
 */
const WITHOUT_SIDEBAR = /^\/(?:sem|coupon|demo)(?:\/|$)/;
/** The simulated backend's own pages (the pay channel's H5 page): no store layout, so nothing floats and there is no main. */
const BACKEND_PAGE = /^\/webapi\//;

interface FloatingPosition {
  /** the names of the sidebar's items laid out at this position */
  items: string[];
  /** how many line boxes of main's text were measured */
  lines: number;
  overlaps: { item: string; text: string; at: string }[];
}

interface FloatingScan {
  path: string;
  /** whether the bottom of the page is more than 200 px down, where 返回顶部 must show */
  scrolledPast: boolean;
  bottom: FloatingPosition;
  top: FloatingPosition;
}

/**
 * Runs in the page. Scrolled to the bottom, then to the top, measures every item of the sidebar (its links
 * and buttons) against every line of text in main: each text node's line boxes (Range.getClientRects),
 * cut to the ancestors that clip their overflow (a carousel's hidden slides, visually hidden text) and
 * skipped when invisible. Any intersection over 1 px each way is an overlap, whatever is painted on top:
 * an item lying over main's text hides it or is hidden by it. The scroll position is put back.
 */
async function scanFloatingItems({
  landmark,
  backToTop,
}: {
  landmark: string;
  backToTop: string;
}): Promise<FloatingScan> {
  // A frame (the scroll event and the render it causes), or 50 ms if frames are not coming.
  const frame = () =>
    new Promise<void>((done) => {
      requestAnimationFrame(() => done());
      setTimeout(done, 50);
    });
  const settle = async () => {
    await frame();
    await frame();
  };
  const items = (): { name: string; rect: DOMRect }[] => {
    const aside = [...document.querySelectorAll('aside')].find((el) => el.getAttribute('aria-label') === landmark);
    if (!aside) return [];
    return [...aside.querySelectorAll('a[href], button')]
      .map((el) => ({
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
        rect: el.getBoundingClientRect(),
      }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0);
  };
  const shows = (name: string) => items().some((item) => item.name === name);
  const intersect = (a: DOMRectReadOnly, b: DOMRectReadOnly): DOMRect | null => {
    const left = Math.max(a.left, b.left);
    const top = Math.max(a.top, b.top);
    const width = Math.min(a.right, b.right) - left;
    const height = Math.min(a.bottom, b.bottom) - top;
    return width > 1 && height > 1 ? new DOMRect(left, top, width, height) : null;
  };
  const main = document.querySelector('main');
  const clipping = new Map<Element, boolean>();
  const clips = (el: Element) => {
    let value = clipping.get(el);
    if (value === undefined) {
      const style = getComputedStyle(el);
      value = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      clipping.set(el, value);
    }
    return value;
  };
  const textLines = (): { text: string; rect: DOMRect }[] => {
    const lines: { text: string; rect: DOMRect }[] = [];
    if (!main) return lines;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!/\S/.test(text) || !parent?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        let rect: DOMRect | null = DOMRect.fromRect(box);
        for (let el: Element | null = parent; rect && el && el !== main.parentElement; el = el.parentElement) {
          if (clips(el)) rect = intersect(rect, el.getBoundingClientRect());
        }
        if (rect) lines.push({ text: text.trim().slice(0, 40), rect });
      }
    }
    return lines;
  };
  const measure = (): FloatingPosition => {
    const floating = items();
    const lines = textLines();
    const overlaps: FloatingPosition['overlaps'] = [];
    for (const item of floating) {
      for (const line of lines) {
        const hit = intersect(item.rect, line.rect);
        if (hit)
          overlaps.push({
            item: item.name,
            text: line.text,
            at: `${Math.round(hit.x)},${Math.round(hit.y)} ${Math.round(hit.width)}×${Math.round(hit.height)}`,
          });
      }
    }
    return { items: floating.map((item) => item.name), lines: lines.length, overlaps };
  };

  const saved = { left: window.scrollX, top: window.scrollY };
  const toBottom = () => window.scrollTo({ left: 0, top: document.documentElement.scrollHeight, behavior: 'instant' });
  toBottom();
  await settle();
  const scrolledPast = window.scrollY > 200;
  if (scrolledPast) {
    // 返回顶部 comes with the render that follows the scroll event; the page may have grown with it.
    for (let i = 0; i < 40 && !shows(backToTop); i++) await frame();
    toBottom();
    await settle();
  }
  const bottom = measure();
  window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
  await settle();
  for (let i = 0; i < 40 && shows(backToTop); i++) await frame();
  const top = measure();
  window.scrollTo({ ...saved, behavior: 'instant' });
  await settle();
  return { path: location.pathname, scrolledPast, bottom, top };
}

function floatingFindings(screen: string, scan: FloatingScan): Finding[] {
  const finding = (rule: string, help: string, nodes: Finding['nodes'] = []): Finding => ({
    screen,
    rule,
    impact: 'layout',
    help,
    nodes,
  });
  const findings: Finding[] = [];
  const expected = !WITHOUT_SIDEBAR.test(scan.path);
  const positions = [['bottom', scan.bottom] as const, ['top', scan.top] as const];
  if (expected) {
    for (const [position, { items }] of positions) {
      const missing = ALWAYS_SHOWN.filter((name) => !items.includes(name));
      if (missing.length > 0)
        findings.push(
          finding(
            'floating-items',
            `${scan.path} at the ${position}: no ${missing.join(', ')} in the ${SIDEBAR_NAME} sidebar (found: ${items.join(', ') || 'nothing'})`,
          ),
        );
    }
    if (scan.scrolledPast && !scan.bottom.items.includes(BACK_TO_TOP))
      findings.push(finding('floating-items', `${scan.path}: no ${BACK_TO_TOP} once scrolled to the bottom`));
    if (scan.top.items.includes(BACK_TO_TOP))
      findings.push(finding('floating-items', `${scan.path}: ${BACK_TO_TOP} at the top of the page`));
  } else if (scan.bottom.items.length + scan.top.items.length > 0) {
    findings.push(
      finding(
        'floating-items',
        `${scan.path} has no sidebar, yet shows ${[...new Set([...scan.bottom.items, ...scan.top.items])].join(', ')}`,
      ),
    );
  }
  if (scan.bottom.lines === 0 || scan.top.lines === 0)
    findings.push(finding('floating-overlap', `${scan.path}: found no text in main to measure the sidebar against`));
  for (const [position, { overlaps }] of positions) {
    if (overlaps.length === 0) continue;
    const nodes = overlaps
      .slice(0, 10)
      .map((o) => ({ target: o.item, html: o.text, summary: `${o.item} over "${o.text}" at ${o.at}` }));
    findings.push(
      finding(
        'floating-overlap',
        `at the ${position} of ${scan.path}, ${overlaps.length} line(s) of main's text lie under a sidebar item`,
        nodes,
      ),
    );
  }
  return findings;
}

/** Runs in the page: whether a modal dialog (ours are `aria-modal`) is open. */
function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

// --- toasts over dialog titles ----------------------------------------------------------------------------

/** The toaster's two live regions (src/shared/ui/toaster.tsx). */
const TOAST_REGIONS = ['消息提示', '错误提示'];

/**
 * Runs in the page: on a phone (under 640 px, src/shared/styles.css "Toasts"), every toast whose box meets
 * the title of an open dialog. Wider screens keep the spec's place, 100 px from the top, which a dialog's
 * left-aligned title leaves free beside a centred toast.
 */
function toastsOverTitles(regions: string[]): { toast: string; title: string }[] {
  if (window.innerWidth >= 640) return [];
  const toasts = [...document.querySelectorAll('[role="status"], [role="alert"]')]
    .filter((region) => regions.includes(region.getAttribute('aria-label') ?? ''))
    .flatMap((region) => [...region.children]);
  const titles = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].flatMap((dialog) =>
    (dialog.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((title): title is HTMLElement => title !== null),
  );
  const covered: { toast: string; title: string }[] = [];
  /** What of `element` shows: its box cut by every ancestor that clips (the toast band keeps one toast in view). */
  const visibleBox = (element: Element) => {
    const box = element.getBoundingClientRect();
    let { left, top, right, bottom } = box;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflow === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    return { left, top, right, bottom };
  };
  for (const toast of toasts) {
    const a = visibleBox(toast);
    for (const title of titles) {
      const b = title.getBoundingClientRect();
      const meet =
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      if (meet && b.width > 1 && b.height > 1)
        covered.push({ toast: (toast.textContent ?? '').trim(), title: (title.textContent ?? '').trim() });
    }
  }
  return covered;
}
