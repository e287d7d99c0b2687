/**
 * Vite plugin: writes the footer's fixed lines (the store's name and promise, the operator, its ICP
 * licence number, the service hours and the healthy-gaming note; src/shared/operator.ts) into index.html
 * at `<!-- site-legal -->`, from the build's variables (docs/decisions/0019-money-path-trust-and-budget.md). Plain HTML after `#root`: every page,
 * prerendered or not, shows them before any script runs, and the first paint's JS carries none of them.
 * Also the pay-return cover's text at `<!-- pay-return-cover -->` (src/app/boot.js shows it from the first
 * frame after a pay app; the pay dialog says the same text, from the same constant).
 */
import type { Plugin } from 'vite';
import { PAY_RETURN_PENDING } from '../src/features/buying/pay-return.ts';
import { operatorInfo, operatorLines } from '../src/shared/operator.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function siteLegalHtml(env: Record<string, unknown>): string {
  const storeName =
    typeof env.VITE_STORE_NAME === 'string' && env.VITE_STORE_NAME !== '' ? env.VITE_STORE_NAME : '星游商城';
  const lines = operatorLines(operatorInfo(env));
  return [
    '<aside class="site-legal" aria-label="经营信息">',
    `<p>© 2026 ${escape(storeName)} · 正版授权 · 售后无忧</p>`,
    `<p>${lines.map(escape).join(' · ')}</p>`,
    '<p class="footer-note">抵制不良游戏，拒绝盗版游戏。注意自我保护，谨防受骗上当。适度游戏益脑，沉迷游戏伤身。</p>',
    '</aside>',
  ].join('');
}

/** The cover shown while returning from a pay app until the order's status is known (docs/buying.md). */
export const payReturnCoverHtml = (): string =>
  `<div class="pay-return-cover"><p>${escape(PAY_RETURN_PENDING)}</p></div>`;

export function siteLegalPlugin(): Plugin {
  let env: Record<string, unknown> = {};
  return {
    name: 'storefront-site-legal',
    configResolved(resolved) {
      env = { ...resolved.env, ...process.env };
    },
    transformIndexHtml: (html) =>
      html
        .replace('<!-- site-legal -->', siteLegalHtml(env))
        .replace('<!-- pay-return-cover -->', payReturnCoverHtml()),
  };
}
