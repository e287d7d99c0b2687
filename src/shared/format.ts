/**
 * Text helpers of spec sections 5 and 9.
 */

// In its own module: the header shows it on every page, the other helpers here are for pages loaded later.
export { maskPhone } from './mask-phone';
import { DAY_MS, beijingParts } from './beijing-time';

const NEW_USER_MS = DAY_MS;

/** An account created less than 24 hours ago. */
export function isNewUser(createTime: number, now: number = Date.now()): boolean {
  const created = toMillis(createTime);
  return now - created >= 0 && now - created < NEW_USER_MS;
}

/** 10-digit timestamps are seconds, others milliseconds. */
export function toMillis(timestamp: number | string): number {
  const value = Number(timestamp);
  return String(Math.trunc(Math.abs(value))).length === 10 ? value * 1000 : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a timestamp with the spec's default pattern `yyyy.MM.dd hh:mm:ss`
 * (hh is the 24-hour clock here, as the store shows times of day), in the
 * store's time (Beijing), whatever the device's zone: the store's shoppers
 * and its service hours are in China, and a page prerendered at build time
 * shows the same dates as the browser that hydrates it (docs/prerendering.md).
 * Tokens: yyyy MM dd hh HH mm ss.
 */
export function formatDate(timestamp: number | string | Date, pattern = 'yyyy.MM.dd hh:mm:ss'): string {
  const ms = timestamp instanceof Date ? timestamp.getTime() : toMillis(timestamp);
  if (Number.isNaN(ms)) return '';
  const time = beijingParts(ms);
  const tokens: Record<string, string> = {
    yyyy: String(time.year),
    MM: pad(time.month),
    dd: pad(time.day),
    hh: pad(time.hour),
    HH: pad(time.hour),
    mm: pad(time.minute),
    ss: pad(time.second),
  };
  return pattern.replace(/yyyy|MM|dd|hh|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

function decodeEntities(text: string): string {
  // One pass, so `&amp;lt;` becomes the text `&lt;` and is not decoded twice.
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

const INLINE_TAG =
  /^<\/?(a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b/i;

/** A tag, where quoted attribute values may contain `>` (`<img alt="a>b">`). */
const TAG = /<\/?[a-z!?][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/gi;

/**
 * Removes HTML tags and images, collapsing whitespace: for previews of server
 * HTML. The result is plain text for React to escape, never markup to inject.
 */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return '';
  const text = String(html)
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    // Inline tags join their text (`低至<strong>5折</strong>` → `低至5折`); others separate words.
    .replace(TAG, (tag) => (INLINE_TAG.test(tag) ? '' : ' '));
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Server HTML as plain text of at most `maxChars` characters, `…` marking a cut: a notice's preview, a page's description. */
export function textPreview(html: string | null | undefined, maxChars: number): string {
  const text = stripHtml(html);
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/**
 * Drops keys whose value is the empty string (e.g. before sending a form).
 * @internal
 */
export function dropEmpty<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== '')) as Partial<T>;
}

/** `'PC,Steam,Switch'` → `'PC / Steam / Switch'` (arrays too). */
export function joinList(list: string | readonly string[] | null | undefined): string {
  if (!list) return '';
  const parts = Array.isArray(list) ? list : String(list).split(',');
  return parts
    .map((part) => String(part).trim())
    .filter(Boolean)
    .join(' / ');
}

/**
 * Reads one query value from a URL or a query string; `null` when absent. A
 * hash-router URL (`/#/path?a=1`) is searched after the real query string.
 * @internal
 */
export function queryValue(
  name: string,
  url: string = typeof window === 'undefined' ? '' : window.location.href,
): string | null {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt + 1) : '';
  const queryAt = beforeHash.indexOf('?');
  const candidates = [
    queryAt >= 0 ? beforeHash.slice(queryAt + 1) : /^[^/:]*=/.test(beforeHash) ? beforeHash : '',
    hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : hash,
  ];
  for (const query of candidates) {
    const value = new URLSearchParams(query).get(name);
    if (value !== null) return value;
  }
  return null;
}
