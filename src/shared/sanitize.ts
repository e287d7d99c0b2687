/**
 * The one way server HTML (game descriptions, evaluations, notices, help and
 * agreement articles) reaches the DOM. DOMPurify with an allowlist:
 *
 * - text formatting, lists, tables, headings h2–h6, links and images only;
 *   no script, style, iframe, form controls, SVG/MathML or embedded objects;
 * - no event handler attributes, no `style`, `id`, `name` or `class`
 *   (ids would clash with the page's own and enable DOM clobbering);
 * - URLs: http(s), mailto, tel and relative only; `javascript:`, `data:`,
 *   `vbscript:` and any other scheme are dropped, in links and images alike;
 * - links to another origin open in a new tab with
 *   `rel="noopener noreferrer"`; same-origin links never carry a target;
 * - images load lazily.
 *
 * A dedicated DOMPurify instance keeps these hooks away from any other user
 * of the library.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { IGNORED_IN_SCHEME } from './safe-url';

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'lang', 'dir'];

/**
 * Named for the test that asserts none of them ever survives.
 * @internal
 */
export const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
  'noscript',
  'audio',
  'video',
  'source',
];

/** http(s), mailto, tel, or no scheme at all (relative); DOMPurify strips whitespace before testing. */
const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: ['style', 'id', 'name', 'class', 'srcset', 'target', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_URI,
  USE_PROFILES: false,
  RETURN_TRUSTED_TYPE: false,
};

function hasDataScheme(value: string): boolean {
  return value.replace(IGNORED_IN_SCHEME, '').toLowerCase().startsWith('data:');
}

function otherOrigin(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

let instance: DOMPurify | undefined;

function purifier(): DOMPurify {
  if (instance) return instance;
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, event) => {
    // DOMPurify lets `data:` through on images by default; nothing of ours needs it.
    if ((event.attrName === 'href' || event.attrName === 'src') && hasDataScheme(event.attrValue))
      event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && otherOrigin(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  instance = purify;
  return purify;
}

/** Server HTML made safe to set as innerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purifier().sanitize(String(html), CONFIG);
}

// The URL checks for attributes React sets live in ./safe-url.ts, which does not load DOMPurify.
