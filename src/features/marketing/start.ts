/**
 * Marketing at start-up (docs/marketing.md), in two steps:
 *
 * 1. `startMarketing()` — call it before the root actor starts and before any
 *    API call: it decides the channel (sent as `registerCanal` from then on),
 *    restores a stored bid (`adan`), then reads the landing's attribution
 *    values and, on a /sem landing, asks for a bid in the background. It
 *    returns at once; `attribution` settles when that background work is done.
 *    (The daily coupon popup is a child of the root actor: it starts with it.)
 * 2. `startIntegrations()` (./integrations.ts, loaded only when one of them
 *    is configured) — call it once the root actor has started (so a
 *    restored user is known) and before the first render (so the landing
 *    page view is heard): the third-party
 *    adapters (analytics, ad attribution, error reporting), each off unless
 *    configured, each loading its script only after the first paint.
 */
import { clientState } from '../../api/client-state';
import { DICT_KEYS, getDictItems, type DictItem } from '../../api/dictionary';
import { postSemBid } from '../../api/attribution';
import { config } from '../../shared/env';
import { browserStorage } from '../../shared/storage';
import { startAttribution, type AttributionOutcome, type BidBody } from './attribution';
import { channelOfVisit } from './channel';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

export interface StartMarketingOptions {
  /** the URL the visit landed on (in the browser: `window.location.href`) */
  href: string;
  storage?: SessionStore | undefined;
  /** default `config.product` */
  defaultChannel?: string;
  /** default `config.appId` */
  appId?: string;
  /** default: `getDictItems('leigod_mall_ocpc')` */
  loadAttributionConfig?: () => Promise<readonly DictItem[]>;
  /** default: `postSemBid` */
  requestBid?: (body: BidBody) => Promise<{ bId: string }>;
}

export interface MarketingStart {
  channel: string;
  /** settles when the landing's values are stored and the bid (if any) has answered; never rejects */
  attribution: Promise<AttributionOutcome>;
}

export function startMarketing(options: StartMarketingOptions): MarketingStart {
  const url = new URL(options.href, 'http://localhost');
  const storage = 'storage' in options ? options.storage : browserStorage('sessionStorage');
  const channel = channelOfVisit(url, storage, options.defaultChannel);
  clientState.set({ channel });
  const { done } = startAttribution({
    url,
    storage,
    appId: options.appId ?? config.appId,
    channel,
    loadConfig: options.loadAttributionConfig ?? (() => getDictItems(DICT_KEYS.ocpc)),
    requestBid: options.requestBid ?? ((body) => postSemBid(body)),
    setAdan: (adan) => clientState.set({ adan }),
  });
  return { channel, attribution: done };
}
