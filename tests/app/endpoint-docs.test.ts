// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripEndpointDocs } from '../../scripts/vite-endpoint-docs';

describe('the endpoints’ documentation text in production builds', () => {
  it('leaves out request, response and uiOnFailure string literals and keeps everything the call needs', () => {
    const source = `export const a = defineEndpoint({
  id: 'x.a', method: 'POST', path: '/x/a',
  data: z.boolean(), fallback: () => true,
  request: '\`{ goodsId, buyNum = 1 }\`', response: "the user\\u2019s \\"answer\\"", uiOnFailure: 'It\\'s hidden',
});
export const b = defineEndpoint({ id: 'x.b', method: 'GET', path: '/x/b', data: z.string(), request: 'none', response: 'text', uiOnFailure: retry });`;
    const stripped = stripEndpointDocs(source);
    expect(stripped).not.toMatch(/request:|response:|goodsId|answer|hidden/);
    // A constant stays (the minifier drops it when nothing else uses it); the call's own fields stay.
    expect(stripped).toContain('uiOnFailure: retry');
    for (const kept of ["id: 'x.a'", "path: '/x/a'", 'data: z.boolean()', 'fallback: () => true', "id: 'x.b'"])
      expect(stripped).toContain(kept);
  });

  it('leaves a module without endpoint definitions as it is', () => {
    const source = "instance.interceptors.request.use((request) => request); const o = { response: 'kept' };";
    expect(stripEndpointDocs(source)).toBe(source);
  });

  it('takes every documentation literal out of the real endpoint modules', () => {
    const dir = join(process.cwd(), 'src/api');
    const modules = readdirSync(dir).filter((file) => file.endsWith('.ts'));
    let definitions = 0;
    for (const file of modules) {
      const source = readFileSync(join(dir, file), 'utf8');
      definitions += source.split('defineEndpoint({').length - 1;
      const stripped = stripEndpointDocs(source);
      expect(stripped, file).not.toMatch(/\b(?:request|response|uiOnFailure):\s*['"`]/);
      expect(stripped.split('defineEndpoint({').length, file).toBe(source.split('defineEndpoint({').length);
    }
    expect(definitions).toBeGreaterThan(40);
  });
});
