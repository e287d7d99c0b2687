/**
 * The running build's id and the build files next to it (builds/latest.json,
 * builds/meta/{id}.json), parsed with zod. These are static files, not /webapi
 * calls, so they are fetched with `fetch` rather than the API client.
 */
import * as z from 'zod/mini';

export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

const LatestSchema = z.object({ id: z.string(), timestamp: z.number() });
const MetaSchema = z.object({
  id: z.string(),
  timestamp: z.number(),
  redirects: z._default(z.record(z.string(), z.string()), {}),
});
export type BuildMeta = z.infer<typeof MetaSchema>;

const base = () => import.meta.env.BASE_URL ?? '/';

export async function fetchLatestBuild(now: number = Date.now()): Promise<{ id: string; timestamp: number }> {
  const response = await fetch(`${base()}builds/latest.json?t=${now}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`);
  return LatestSchema.parse(await response.json());
}

export async function fetchBuildMeta(id: string = BUILD_ID): Promise<BuildMeta> {
  const response = await fetch(`${base()}builds/meta/${encodeURIComponent(id)}.json`);
  if (!response.ok) throw new Error(`builds/meta/${id}.json answered ${response.status}`);
  return MetaSchema.parse(await response.json());
}
