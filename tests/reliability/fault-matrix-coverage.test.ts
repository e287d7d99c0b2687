/**
 * The fault matrix cannot miss an endpoint: every endpoint of the registry is
 * either exercised by a screen of the UI layer (./support/ui-plan.ts) or
 * listed as not called by the UI, and that claim is checked against the
 * source: the endpoint's fetchers and query options (found in src/api) are
 * referenced from no screen, flow or start-up file. The API layer covers the
 * whole registry by construction (fault-matrix-api.test.ts).
 */
// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredEndpoints } from '../../src/api/endpoints';
import { NOT_CALLED_BY_THE_UI, UI_PLAN } from './support/ui-plan';

const ROOT = join(__dirname, '../..');
const API_DIR = join(ROOT, 'src/api');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Top-level `export const|function NAME …` statements of a module, by name. */
function exportedStatements(source: string): Map<string, string> {
  const statements = new Map<string, string>();
  const starts = [...source.matchAll(/^export (?:const|async function|function) (\w+)/gm)];
  starts.forEach((match, i) => {
    statements.set(match[1]!, source.slice(match.index, starts[i + 1]?.index ?? source.length));
  });
  return statements;
}

/** Endpoint id → names of the exported functions and query options that call it (directly or through a fetcher). */
function callersById(): Map<string, Set<string>> {
  const callers = new Map<string, Set<string>>();
  for (const file of readdirSync(API_DIR).filter((name) => name.endsWith('.ts'))) {
    const statements = exportedStatements(readFileSync(join(API_DIR, file), 'utf8'));
    const constToId = new Map<string, string>();
    for (const [name, body] of statements) {
      const id = /defineEndpoint\(\{\s*id: '([^']+)'/.exec(body)?.[1];
      if (id) constToId.set(name, id);
    }
    for (const [constName, id] of constToId) {
      const names = new Set<string>();
      for (const [name, body] of statements)
        if (new RegExp(`http\\.call\\(${constName}\\b`).test(body)) names.add(name);
      // Query options and wrappers that call those fetchers.
      for (const [name, body] of statements) {
        if (names.has(name)) continue;
        if ([...names].some((fetcher) => new RegExp(`\\b${fetcher}\\(`).test(body))) names.add(name);
      }
      callers.set(id, names);
    }
  }
  return callers;
}

const uiFiles = filesUnder(join(ROOT, 'src')).filter((path) => !/[\\/]src[\\/](api|mock)[\\/]/.test(path));
const uiSource = uiFiles.map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

function referencesFrom(names: Set<string>): string[] {
  return uiSource
    .filter(({ text }) => [...names].some((name) => new RegExp(`\\b${name}\\b`).test(text)))
    .map(({ path }) => path);
}

describe('the fault matrix covers every endpoint', () => {
  const ids = registeredEndpoints().map((def) => def.id);
  const planned = Object.values(UI_PLAN).flat() as string[];

  it('puts each registered endpoint either on a screen of the UI layer or on the not-called list, never both', () => {
    const exempt = Object.keys(NOT_CALLED_BY_THE_UI);
    expect(planned.filter((id) => exempt.includes(id))).toEqual([]);
    expect(new Set(planned).size).toBe(planned.length);
    expect([...planned, ...exempt].sort()).toEqual([...ids].sort());
    console.info(
      `[fault matrix] UI plan: ${planned.length} endpoints on screens, ${exempt.length} not called by the UI, ${ids.length} registered`,
    );
  });

  it('finds the fetchers of every endpoint in src/api', () => {
    const callers = callersById();
    for (const id of ids) expect(callers.get(id)?.size ?? 0, id).toBeGreaterThan(0);
  });

  it('finds no screen, flow or start-up file calling an endpoint listed as not called', () => {
    const callers = callersById();
    for (const id of Object.keys(NOT_CALLED_BY_THE_UI)) expect(referencesFrom(callers.get(id)!), id).toEqual([]);
  });

  it('finds a caller in the app for every endpoint on a screen of the plan', () => {
    const callers = callersById();
    for (const id of planned) expect(referencesFrom(callers.get(id)!).length, id).toBeGreaterThan(0);
  });
});
