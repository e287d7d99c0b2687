/**
 * One "screen" of the audit pass: axe (WCAG 2 A and AA rules) on the page as it
 * is, keeping the serious and critical violations, and a viewport-sized
 * screenshot.
 *
 * Screenshots go to test-results/screens/; with E2E_SCREENSHOTS=1 they go to
 * docs/screens/ instead (the committed copies shown in docs/screens.md).
 * Every finding is also written to test-results/axe/<project>.json so a run
 * leaves a readable report next to its traces.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS === '1' ? 'docs/screens' : 'test-results/screens';

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
    const results = await new AxeBuilder({ page: this.page }).withTags(AXE_TAGS).analyze();
    for (const violation of results.violations) {
      if (!violation.impact || !BLOCKING.has(violation.impact)) continue;
      this.findings.push({
        screen,
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' '),
          html: node.html.slice(0, 240),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      });
    }
    if (options.screenshot !== false) {
      const path = join(SCREENSHOT_DIR, `${screen}-${this.viewportName}.png`);
      mkdirSync(dirname(path), { recursive: true });
      await this.page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    }
    this.screens.push(screen);
  }

  /** Writes the findings next to the run's other output and attaches them to the test. */
  async report(): Promise<string> {
    const text = JSON.stringify(this.findings, null, 2);
    const file = join('test-results', 'axe', `${this.testInfo.project.name}-${this.testInfo.titlePath.at(-1)?.replace(/\W+/g, '-') ?? 'audit'}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    await this.testInfo.attach('axe-serious-and-critical.json', { body: text, contentType: 'application/json' });
    return this.findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help} — ${f.nodes.map((n) => n.target).join(', ')}`).join('\n');
  }
}
