/**
 * Server-provided URLs that React (not DOMPurify) puts into an attribute:
 * which are safe as a link's `href` or an image's `src`. Kept apart from
 * ./sanitize.ts so that the banners, cards and sidebar of the first paint do
 * not load DOMPurify (docs/performance.md); sanitize.ts re-exports these.
 */

// Control characters and spaces browsers ignore inside a scheme (`java\tscript:`, ` data:`).
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
export const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

/** Schemes a server-provided link may use; anything else (`javascript:`, `data:`, `vbscript:`, …) is dropped. */
const SAFE_LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** Image addresses may also be `blob:`, and `data:` for raster images only (an inline QR code, say). */
const SAFE_IMAGE_SCHEMES = new Set(['http:', 'https:', 'blob:']);
const RASTER_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif)[;,]/i;

function safeWith(schemes: Set<string>, value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  // What a browser would read as the scheme: control characters and spaces inside it are ignored.
  const compact = trimmed.replace(IGNORED_IN_SCHEME, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme === undefined) return trimmed; // relative: a path, `//host/…`, `?query` or `#hash`
  return schemes.has(`${scheme.toLowerCase()}:`) ? trimmed : undefined;
}

/**
 * A server-provided URL that is safe as a link's `href` (http(s), mailto,
 * tel or relative), or undefined. Used where React, not DOMPurify, puts a
 * server value into an attribute: banners, download links, price links,
 * pay links.
 */
export function safeHref(value: string | null | undefined): string | undefined {
  return safeWith(SAFE_LINK_SCHEMES, value);
}

/** A server-provided image address that is safe as `src` (http(s), blob, a raster `data:` image or relative), or undefined. */
export function safeImageSrc(value: string | null | undefined): string | undefined {
  if (typeof value === 'string' && RASTER_DATA_IMAGE.test(value.trim())) return value.trim();
  return safeWith(SAFE_IMAGE_SCHEMES, value);
}
