/**
 * What the head says of each page, and the code that writes it: loaded
 * after the first paint (./page-head.ts imports it on demand), since the
 * first paint's head is index.html's.
 *
 * Per route (`ROUTE_HEAD`): a description for search results and shares,
 * the query parameters that name the page's content (kept in its canonical
 * URL: a notice's `id`, never the detail's chosen goods), and whether search
 * engines should index it (personal pages and /demo: no). A page's own words
 * (`PageHead`: a game's name, description, cover and Product data) go over
 * its route's. The store-wide description is index.html's
 * `<meta name="description">`, put back when a page with its own leaves.
 */
import { config } from '../../shared/env';
import { pageTitle, type PageHead, type RouteMeta, type RouteName } from './route-meta';

interface RouteHead {
  description?: string;
  canonicalQuery?: readonly string[];
  index?: false;
}

const ROUTE_HEAD: Partial<Record<RouteName, RouteHead>> = {
  new: { description: '最近上架的正版游戏与预售新品：激活码、充值与加速器，付款后秒发。' },
  search: { description: '搜索正版游戏激活码、游戏充值与加速器会员。', canonicalQuery: ['keyword', 'labelId'] },
  coupon: { description: '领取优惠券，下单时自动抵扣。' },
  notice: { description: '商城公告：上新、活动与服务通知。', canonicalQuery: ['id'] },
  help: { description: '购买、支付、激活与退款的常见问题。', canonicalQuery: ['category', 'article'] },
  agreement: { canonicalQuery: ['doc'] },
  orderDateil: { index: false },
  setting: { index: false },
  cart: { index: false },
  demo: { index: false },
};

/** Everything the head holds for one page, resolved. */
export interface ResolvedHead {
  title: string;
  description: string | undefined;
  /** origin, path and only the query parameters that name the content */
  url: string;
  image: string | undefined;
  type: 'website' | 'product';
  index: boolean;
  jsonLd: Record<string, unknown> | undefined;
}

/** A page's head from its route's meta, its own words and where it is; `storeDescription` when it has none. */
export function resolvePageHead(
  meta: RouteMeta | undefined,
  place: { origin: string; pathname: string; search: string },
  page: PageHead,
  storeDescription?: string,
): ResolvedHead {
  const route = meta ? ROUTE_HEAD[meta.name] : undefined;
  const query = new URLSearchParams(place.search);
  const kept = new URLSearchParams();
  for (const name of route?.canonicalQuery ?? []) {
    const value = query.get(name);
    if (value) kept.set(name, value);
  }
  const search = kept.toString();
  return {
    title: pageTitle(meta, config.storeName, page.title),
    description: page.description ?? route?.description ?? storeDescription,
    url: `${place.origin}${place.pathname}${search ? `?${search}` : ''}`,
    image: page.image ? new URL(page.image, place.origin).href : undefined,
    type: page.type ?? 'website',
    index: page.index ?? route?.index !== false,
    jsonLd: page.jsonLd,
  };
}

/**
 * One element of the head: the tag, the attributes that identify it (`name="description"`), and its value
 * (`undefined`: the element is absent) with where the value goes.
 */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  identity: Record<string, string>;
  value: string | undefined;
  into: 'content' | 'href' | 'text';
}

/** The head's elements besides the title, in order: what the browser writes and what a prerendered page carries. */
export function headTags(head: ResolvedHead): HeadTag[] {
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined): HeadTag => ({
    tag: 'meta',
    identity: { [attribute]: key },
    value,
    into: 'content',
  });
  return [
    meta('name', 'description', head.description),
    meta('name', 'robots', head.index ? undefined : 'noindex'),
    { tag: 'link', identity: { rel: 'canonical' }, value: head.index ? head.url : undefined, into: 'href' },
    meta('property', 'og:site_name', config.storeName),
    meta('property', 'og:locale', 'zh_CN'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    // `<` escaped: the text can never close its script element.
    {
      tag: 'script',
      identity: { type: 'application/ld+json' },
      value: head.jsonLd ? JSON.stringify(head.jsonLd).replace(/</g, '\\u003c') : undefined,
      into: 'text',
    },
  ];
}

const selectorOf = ({ tag, identity }: HeadTag) =>
  `${tag}${Object.entries(identity)
    .map(([name, value]) => `[${name}="${value}"]`)
    .join('')}`;

/** Sets (or, with no value, removes) the element, creating it when missing. */
function writeTag(item: HeadTag): void {
  let el = document.head.querySelector(selectorOf(item));
  if (item.value === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement(item.tag);
    for (const [name, value] of Object.entries(item.identity)) el.setAttribute(name, value);
    document.head.append(el);
  }
  if (item.into === 'text') el.textContent = item.value;
  else el.setAttribute(item.into, item.value);
}

/**
 * index.html's description. The same element then carries each page's description, so its first content is
 * kept on it (`data-store-content`) the first time it is read.
 */
function storeDescription(): string | undefined {
  const el = document.head.querySelector('meta[name="description"]');
  if (!el) return undefined;
  if (!el.hasAttribute('data-store-content')) el.setAttribute('data-store-content', el.getAttribute('content') ?? '');
  return el.getAttribute('data-store-content') || undefined;
}

/** Writes the head of the page the router shows (`place`: its path and query) into the document. */
export function applyPageHead(
  routeMeta: RouteMeta | undefined,
  place: { pathname: string; search: string },
  page: PageHead,
): void {
  const head = resolvePageHead(routeMeta, { origin: window.location.origin, ...place }, page, storeDescription());
  document.title = head.title;
  headTags(head).forEach(writeTag);
}
