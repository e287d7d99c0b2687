// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('the committed service worker of the in-browser simulated backend', () => {
  it('is the installed msw’s own worker (msw’s postinstall, allowed in package.json’s allowScripts, keeps it so)', () => {
    const installed = readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');
    const committed = readFileSync(new URL('../../public/mockServiceWorker.js', import.meta.url), 'utf8');
    expect(committed.match(/PACKAGE_VERSION = '([^']+)'/)?.[1]).toBe(
      (require('msw/package.json') as { version: string }).version,
    );
    expect(committed).toBe(installed);
  });

  const npmMajor = Number(execFileSync('npm', ['--version'], { encoding: 'utf8' }).split('.')[0]);
  // npm 11 runs a dependency's install script only when allowScripts names it, and warns at every install about
  // the ones it does not name (README, last section). Older npm has no such policy and runs them all, so the test
  // is skipped there: `npm install-scripts` does not exist before npm 11.
  it.skipIf(npmMajor < 11)(
    'leaves no install script undecided, so a fresh npm install prints no warning to act on',
    () => {
      const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        allowScripts?: Record<string, boolean>;
      };
      expect(manifest.allowScripts).toMatchObject({ msw: true, esbuild: false });
      expect(execFileSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' })).toMatch(
        /^No packages with unreviewed install scripts/,
      );
    },
    30_000,
  );
});
