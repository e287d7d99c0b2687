// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildMetaPlugin } from '../../scripts/vite-build-meta';

type Emitted = { fileName: string; source: string };

function runBuild(id: string, now: number): Emitted[] {
  const plugin = buildMetaPlugin({ id, now: () => now });
  const emitted: Emitted[] = [];
  const generate = plugin.generateBundle as unknown as (this: { emitFile: (file: Emitted) => void }) => void;
  generate.call({ emitFile: (file) => void emitted.push(file) });
  return emitted;
}

describe('the build metadata plugin', () => {
  it('writes builds/latest.json and builds/meta/{id}.json with a redirects map', () => {
    const files = runBuild('b1', 1000);
    const latest = files.find((f) => f.fileName === 'builds/latest.json');
    const meta = files.find((f) => f.fileName === 'builds/meta/b1.json');
    expect(JSON.parse(latest!.source)).toEqual({ id: 'b1', timestamp: 1000 });
    expect(JSON.parse(meta!.source)).toMatchObject({ id: 'b1', timestamp: 1000, redirects: expect.any(Object) });
  });

  it('gives a second build a new id, which is what the poll compares', () => {
    const first = JSON.parse(runBuild('b1', 1000)[0]!.source) as { id: string };
    const second = JSON.parse(runBuild('b2', 2000)[0]!.source) as { id: string };
    expect(second.id).not.toBe(first.id);
  });

  it('exposes the build id to the app as import.meta.env.VITE_BUILD_ID', () => {
    const plugin = buildMetaPlugin({ id: 'b9' });
    const config = (plugin.config as unknown as () => { define: Record<string, string> })();
    expect(config.define['import.meta.env.VITE_BUILD_ID']).toBe('"b9"');
  });
});
