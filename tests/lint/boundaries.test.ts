// @vitest-environment node
/**
 * The layout's rules (docs/architecture.md, "Layout") are enforced by `npm run lint`: these tests feed
 * it imports that break them, and one that keeps them, so a rule that silently stops firing is caught.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary errors ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('npm run lint: who may import whom', () => {
  it('rejects a feature importing another feature past its index.ts', async () => {
    const errors = await boundaryErrors(
      'src/features/catalog/probe.ts',
      "import { capQuantity } from '../buying/quantity';\nexport const probe = capQuantity;\n",
    );
    expect(errors).toEqual(['A feature imports another feature only through its index.ts.']);
  });

  it('accepts the same import through the index.ts, and a feature’s own files and src/shared', async () => {
    const code = [
      "import { capQuantity } from '../buying';",
      "import { loadHome } from './route-data';",
      "import { toast } from '../../shared/toast';",
      'export const probe = [capQuantity, loadHome, toast];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/features/catalog/probe.ts', code)).toEqual([]);
  });

  it('rejects a feature importing the composition root', async () => {
    const errors = await boundaryErrors(
      'src/features/buying/probe.ts',
      "import { createRootActor } from '../../app/root-actor';\nexport const probe = createRootActor;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/composition root/);
  });

  it('rejects src/shared and src/api importing a feature', async () => {
    const code = "import { startPurchase } from '../features/buying';\nexport const probe = startPurchase;\n";
    expect(await boundaryErrors('src/shared/probe.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('src/api/probe.ts', code)).toHaveLength(1);
  });

  it('rejects a cycle between two features: of two features, only one may import the other', async () => {
    // catalog → buying is the allowed way (the detail page starts a purchase); buying → catalog would close a loop.
    expect(
      await boundaryErrors(
        'src/features/catalog/probe.ts',
        "import { startPurchase } from '../buying';\nexport const probe = startPurchase;\n",
      ),
    ).toEqual([]);
    const errors = await boundaryErrors(
      'src/features/buying/probe.ts',
      "import { SearchSuggestions } from '../catalog';\nexport const probe = SearchSuggestions;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/^Features import each other one way only .*buying may import (?:\w+, )*shell\./),
    ]);
    // a feature nobody has placed in the order yet may import no other feature
    expect(
      await boundaryErrors(
        'src/features/probe/probe.ts',
        "import { startPurchase } from '../buying';\nexport const probe = startPurchase;\n",
      ),
    ).toEqual([expect.stringMatching(/^A new feature gets a row in FEATURE_LAYERS/)]);
  });

  it('keeps src/api below src/shared and free of machines: env.ts and the clock are all it takes from src/shared', async () => {
    expect(
      await boundaryErrors(
        'src/api/probe.ts',
        "import { config } from '../shared/env';\nexport const probe = config;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/api/probe.ts',
        "import { DAY_MS } from '../shared/beijing-time';\nexport const probe = DAY_MS;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/api/probe.ts',
        "import { toast } from '../shared/toast';\nexport const probe = toast;\n",
      ),
    ).toEqual([expect.stringMatching(/^src\/api imports only env\.ts and beijing-time\.ts of src\/shared/)]);
    expect(
      await boundaryErrors(
        'src/api/probe.ts',
        "import { SESSION_MESSAGES } from '../../machines/session-messages';\nexport const probe = SESSION_MESSAGES;\n",
      ),
    ).toEqual([expect.stringMatching(/^src\/api imports no machine/)]);
    expect(
      await boundaryErrors(
        'src/api/probe.ts',
        "import type { SessionTag } from '../../machines/session.machine';\nexport type Probe = SessionTag;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets machines/ take types from src/, and nothing at run time', async () => {
    expect(
      await boundaryErrors(
        'machines/probe.ts',
        "import type { UserInfo } from '../src/api/user';\nexport type Probe = UserInfo;\n",
      ),
    ).toEqual([]);
    const errors = await boundaryErrors(
      'machines/probe.ts',
      "import { toast } from '../src/shared/toast';\nexport const probe = toast;\n",
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it('loads the dev inspector only dynamically: a static import of src/dev-tools fails anywhere else, a type import passes', async () => {
    const door = expect.stringMatching(
      /import is restricted .* Load the dev inspector only through loadDevInspector\(\)/,
    );
    expect(
      await boundaryErrors(
        'src/features/marketing/probe.ts',
        "import { toggleInspectorPanel } from '../../dev-tools';\nexport const probe = toggleInspectorPanel;\n",
      ),
    ).toEqual([door]);
    expect(
      await boundaryErrors(
        'src/app/main.tsx',
        "import { startInspectorSession } from '../dev-tools/inspector-session';\nexport const probe = startInspectorSession;\n",
      ),
    ).toEqual([door]);
    expect(
      await boundaryErrors(
        'src/shared/probe.ts',
        "import type * as DevTools from '../dev-tools';\nexport const probe = () => import('../dev-tools');\nexport type Probe = typeof DevTools;\n",
      ),
    ).toEqual([]);
  });

  it('keeps src/dev-tools out of the features, the composition root and the simulated backend', async () => {
    const errors = await boundaryErrors(
      'src/dev-tools/probe.ts',
      "import { normalizePhone } from '../features/session';\nexport const probe = normalizePhone;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^src\/dev-tools \(the dev inspector\)/)]);
  });
});

describe('npm run lint: unused exports (knip)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'knip-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on an export nothing imports, with this repository’s knip.json', async () => {
    cpSync(join(ROOT, 'knip.json'), join(dir, 'knip.json'));
    // vite among the dependencies turns on knip's Vite plugin, which takes index.html's script as the entry, as here.
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'knip-probe', private: true, type: 'module', devDependencies: { vite: '*' } }),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }),
    );
    mkdirSync(join(dir, 'src/app'), { recursive: true });
    mkdirSync(join(dir, 'src/shared'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="/src/app/main.tsx"></script>\n');
    writeFileSync(join(dir, 'src/app/main.tsx'), "import { used } from '../shared/probe';\nconsole.log(used);\n");
    writeFileSync(join(dir, 'src/shared/probe.ts'), 'export const used = 1;\nexport const probeNobodyImports = 2;\n');
    const knip = join(ROOT, 'node_modules/.bin/knip');
    const run = promisify(execFile)(knip, ['--no-progress', '--no-config-hints'], { cwd: dir });
    const failure = await run.then(
      () => null,
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/probeNobodyImports\s+src\/shared\/probe\.ts/);
  }, 60_000);

  it('fails, in production mode, on an export only a test imports, unless it is tagged @internal (decision 0025)', async () => {
    writeFileSync(
      join(dir, 'src/shared/probe.ts'),
      'export const used = 1;\nexport const probeOnlyTestsUse = 2;\n/** @internal */\nexport const probeTestSeam = 3;\n',
    );
    mkdirSync(join(dir, 'tests'), { recursive: true });
    writeFileSync(
      join(dir, 'tests/probe.test.ts'),
      "import { probeOnlyTestsUse, probeTestSeam } from '../src/shared/probe';\nconsole.log(probeOnlyTestsUse, probeTestSeam);\n",
    );
    const knip = join(ROOT, 'node_modules/.bin/knip');
    // The full run counts the test as an entry, so the export is used there (it fails on the probe's unused vite).
    const full = await promisify(execFile)(knip, ['--no-progress', '--no-config-hints'], { cwd: dir }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    expect(full).not.toMatch(/probeOnlyTestsUse/);
    const run = promisify(execFile)(knip, ['--production', '--no-progress', '--no-config-hints'], { cwd: dir });
    const failure = await run.then(
      () => null,
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/probeOnlyTestsUse\s+src\/shared\/probe\.ts/);
    expect(failure?.stdout).not.toMatch(/probeTestSeam/);
  }, 60_000);
});
