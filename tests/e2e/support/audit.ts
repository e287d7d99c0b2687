/**
 * One "screen" of the audit pass: axe (WCAG 2 A and AA rules) on the page as it
 * is, keeping the serious and critical violations, a check that nothing makes
 * the page wider than the viewport, and a viewport-sized screenshot.
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

const AXE_TAGS = ['wcag2a', 'wcag2aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS === '1' ? 'docs/screens' : 'test-results/screens';

export class Audit {
  readonly findings: Finding[] = [];
  readonly screens: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
    private readonly viewportName: string,
  ) {}

  /** Runs axe on what the page shows now and saves its screenshot as `<screen>-<viewport>.png`. */
  async check(screen: string, options: { screenshot?: boolean } = {}): Promise<void> {
    // Legacy mode runs axe.run() in the page instead of runPartial() per frame plus finishRun() in a new
    // blank page: 1.9 s instead of 3.3 s per screen here. It skips cross-origin frames only, and the store
    // renders no frames (src/shared/sanitize.ts strips them from server HTML). The option is deprecated for
    // axe 5; drop the call if it goes.
    const results = await new AxeBuilder({ page: this.page }).setLegacyMode(true).withTags(AXE_TAGS).analyze();
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
    const width = await this.page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
    if (width.page > width.viewport + 1) {
      this.findings.push({ screen, rule: 'horizontal-overflow', impact: 'layout', help: `the page is ${width.page}px wide in a ${width.viewport}px viewport`, nodes: [] });
    }
    if (options.screenshot !== false) {
      const path = join(SCREENSHOT_DIR, `${screen}-${this.viewportName}.png`);
      mkdirSync(dirname(path), { recursive: true });
      await this.page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    }
    this.screens.push(screen);
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
      .map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n${f.nodes.map((n) => `    ${n.html}\n      ${n.summary}`).join('\n')}`)
      .join('\n');
  }
}
