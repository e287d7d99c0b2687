// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverMachines, listMachineFiles, repoRoot } from '../../scripts/lib/machines';
import { CHARTS_DIR, chartPath, findStaleCharts, generateChartFiles, toMermaid } from '../../scripts/lib/mermaid';

function readCommitted(relativePath: string): string | undefined {
  const absolute = path.join(repoRoot, relativePath);
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
}

function committedCharts(): string[] {
  const dir = path.join(repoRoot, CHARTS_DIR);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.md'))
        .map((n) => `${CHARTS_DIR}/${n}`)
    : [];
}

describe('machine charts (docs/machines)', () => {
  it('finds every machine file and at least one machine in each', async () => {
    const machines = await discoverMachines();
    const files = new Set(machines.map((m) => m.file));
    expect([...files].sort()).toEqual(listMachineFiles());
  });

  it('the committed charts match a fresh generation (run `npm run charts` if this fails)', async () => {
    const expected = generateChartFiles(await discoverMachines());
    const stale = findStaleCharts(expected, readCommitted, committedCharts());
    expect(stale).toEqual([]);
  });

  it('the check reports a chart whose text no longer matches its machine', async () => {
    const machines = await discoverMachines();
    const modal = machines.find((m) => m.id === 'modal');
    expect(modal).toBeDefined();
    const expected = generateChartFiles(machines);
    const page = chartPath('modal');
    const fresh = expected.get(page) ?? '';
    const altered = fresh.replace('modal.closeAll', 'modal.dismissAll');
    expect(altered).not.toBe(fresh);

    const onDisk = new Map(expected);
    onDisk.set(page, altered);
    onDisk.delete(chartPath('buildPoll'));
    onDisk.set(`${CHARTS_DIR}/removed.md`, '# a machine that no longer exists\n');

    const stale = findStaleCharts(expected, (p) => onDisk.get(p), [...onDisk.keys()]);
    expect(stale).toEqual(
      expect.arrayContaining([
        { path: page, reason: 'different' },
        { path: chartPath('buildPoll'), reason: 'missing' },
        { path: `${CHARTS_DIR}/removed.md`, reason: 'orphaned' },
      ]),
    );
    expect(stale).toHaveLength(3);
    expect(findStaleCharts(expected, (p) => expected.get(p), [...expected.keys()])).toEqual([]);
  });

  it('draws states, nesting, parallel regions, final states and labelled transitions', async () => {
    const machines = await discoverMachines();
    const buildPoll = machines.find((m) => m.id === 'buildPoll');
    if (!buildPoll) throw new Error('buildPoll machine not found');
    const chart = toMermaid(buildPoll.machine);

    expect(chart.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(chart).toContain('state buildPoll_active {');
    expect(chart).toMatch(/\n\s+--\n/); // parallel regions
    expect(chart).toContain('[*] --> buildPoll_active_build_polling_waiting');
    expect(chart).toContain('buildPoll_reloading --> [*]');
    expect(chart).toContain(': after firstCheckDelay');
    expect(chart).toContain(': navigation.requested [isPaymentIdle]');
    expect(chart).toContain('done\uA789 fetchLatestBuild [isNewerBuild]');
    expect(chart).toContain('error\uA789 fetchLatestBuild');
    expect(chart).toContain(': navigation.requested [isPaymentIdle] / ');
    // A parallel root's own transitions are drawn once, with the actions they run.
    const login = machines.find((m) => m.id === 'login');
    if (!login) throw new Error('login machine not found');
    const loginChart = toMermaid(login.machine);
    expect(loginChart.match(/login --> login : login\.opened \/ clearErrors\n/g)).toHaveLength(1);
    expect(loginChart).toContain(': login.sendCode / assignPhone');
    // Mermaid rejects ':' inside labels; only the "id : label" separator may use it.
    for (const line of chart.split('\n').filter((l) => l.includes(' : '))) {
      expect(line.split(' : ')[1]).not.toMatch(/[:;]/);
    }
  });
});
