/**
 * A mock build's images as static files (scripts/vite-prerender.ts; docs/prerendering.md, "Images in mock builds").
 *
 * A prerendered page of a mock build names images the simulated backend serves (`/webapi/static/img/cover/1.svg`).
 * They start loading with the HTML, and on a first visit no worker controls the page yet: a static host answers them
 * with its fallback page (an HTML page of up to 143 KB, for `vite preview`) or a 404, and the page shows broken
 * images until src/mock/worker-images.ts asks for them again through the worker. So the build writes each image a
 * page names at its own path, as the simulated backend answers it in the build's process: a first visit shows them
 * at once, and once the worker is there it answers the same address with the same picture.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

/** An `<img>`'s `src`, and a `<link rel="preload" as="image">`'s `href`, in React's static markup (double quotes). */
const IMAGE_ATTRIBUTES = [/<img\b[^>]*?\ssrc="([^"]+)"/g, /<link\b(?=[^>]*\sas="image")[^>]*?\shref="([^"]+)"/g];

/**
 * The paths of the images `html`, a page of `origin`, loads from the API (`apiPrefix`, the absolute prefix the
 * simulated backend answers, say `http://localhost/webapi/`), each once, in the order met. None when the API is on
 * another origin (its images are not this build's files), and none with a query or an escaped character, which one
 * static file could not stand for.
 */
export function apiImagePaths(html: string, { origin, apiPrefix }: { origin: string; apiPrefix: string }): string[] {
  const paths = new Set<string>();
  const page = new URL(origin).origin;
  for (const pattern of IMAGE_ATTRIBUTES) {
    for (const [, value] of html.matchAll(pattern)) {
      if (!value || /[?#&%]/.test(value)) continue;
      const url = new URL(value, origin);
      if (url.origin === page && url.href.startsWith(apiPrefix)) paths.add(url.pathname);
    }
  }
  return [...paths];
}

export interface ImagesWritten {
  /** the paths written under the build's folder */
  written: string[];
  /** the paths not written, each with why (outside the build's folder, or not answered with an image) */
  failed: string[];
}

/**
 * Asks `origin` (the simulated backend, listening in this process) for each of `paths` and writes each image it
 * answers to `outDir` at the same path. A path outside `outDir` is not written.
 */
export async function writeApiImages(
  paths: Iterable<string>,
  { origin, outDir, fetchImage = fetch }: { origin: string; outDir: string; fetchImage?: typeof fetch },
): Promise<ImagesWritten> {
  const result: ImagesWritten = { written: [], failed: [] };
  for (const path of paths) {
    const file = normalize(join(outDir, path));
    if (!file.startsWith(`${normalize(outDir)}${sep}`)) {
      result.failed.push(`${path}: outside the build's folder`);
      continue;
    }
    const response = await fetchImage(new URL(path, origin));
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('image/')) {
      result.failed.push(`${path}: ${response.status} ${type || 'no content type'}`);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    result.written.push(path);
  }
  return result;
}
