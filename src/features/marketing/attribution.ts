/**
 * Marketing attribution (spec sections 3 and 7, "Attribution").
 *
 * 1. The dictionary `leigod_mall_ocpc` maps each attribution field to the
 *    landing URL's query parameter it is read from (`text` = field, `value` =
 *    query parameter, e.g. `{ text: 'keyword', value: 'kw' }`). Only the six
 *    known fields are read: keyword, plan, unit, url, gameId, urlMd5.
 * 2. When the landing URL carries at least one of them, all six are stored in
 *    sessionStorage under `ocpcReportParams` (JSON, absent ones as `""`); a
 *    stored value is validated with zod when read back.
 * 3. On a `/sem` landing (path `/sem` or below) the bid request is sent:
 *    `bhSemReq` = the JSON of ocpcReportParams (the six fields), plus `appId`,
 *    `channel`, `platform` 3, `semPageType` 1, `semType` 4. The answer's `bId`
 *    becomes the `adan` header of every later call and is kept in
 *    sessionStorage under `adan`, so a reload keeps it without a second bid.
 *    A new bid is asked for only when no bid is stored yet or the landing
 *    brings attribution values different from the stored ones.
 *
 * Nothing here blocks the page: calls made while the bid is in flight go
 * without `adan`; a failed bid is silent (spec: calls go on without it).
 */
import * as z from 'zod/mini';
import type { DictItem } from '../../api/dictionary';
import { readJson, writeJson, writeText } from '../../shared/storage';
import { ADAN_STORAGE_KEY, AdanSchema, readStoredAdan } from './adan';

/**
 * sessionStorage key of the attribution values (JSON of `OcpcReportParams`).
 * @internal
 */
export const OCPC_STORAGE_KEY = 'ocpcReportParams';

const OCPC_FIELDS = ['keyword', 'plan', 'unit', 'url', 'gameId', 'urlMd5'] as const;
type OcpcField = (typeof OCPC_FIELDS)[number];

const Value = z.string().check(z.maxLength(2048));
const OcpcReportParamsSchema = z.object({
  keyword: Value,
  plan: Value,
  unit: Value,
  url: Value,
  gameId: Value,
  urlMd5: Value,
});
type OcpcReportParams = z.infer<typeof OcpcReportParamsSchema>;

const emptyParams = (): OcpcReportParams => ({ keyword: '', plan: '', unit: '', url: '', gameId: '', urlMd5: '' });

const isField = (text: string): text is OcpcField => (OCPC_FIELDS as readonly string[]).includes(text);

/**
 * Field → query parameter, from the dictionary items; unknown fields and empty parameters are ignored.
 * @internal
 */
export function attributionMapping(items: readonly DictItem[]): Partial<Record<OcpcField, string>> {
  const mapping: Partial<Record<OcpcField, string>> = {};
  for (const { text, value } of items) {
    const field = text.trim();
    const param = value.trim();
    if (isField(field) && param && mapping[field] === undefined) mapping[field] = param;
  }
  return mapping;
}

/**
 * The attribution values of a landing URL, or null when it carries none of the mapped parameters.
 * @internal
 */
export function readAttributionParams(items: readonly DictItem[], search: URLSearchParams): OcpcReportParams | null {
  const params = emptyParams();
  let found = false;
  for (const [field, param] of Object.entries(attributionMapping(items)) as [OcpcField, string][]) {
    const value = search.get(param)?.trim() ?? '';
    if (!value) continue;
    params[field] = value.slice(0, 2048);
    found = true;
  }
  return found ? params : null;
}

type ReadStorage = Pick<Storage, 'getItem'> | undefined;
type WriteStorage = Pick<Storage, 'getItem' | 'setItem'> | undefined;

/** @internal */
export function readStoredParams(storage: ReadStorage): OcpcReportParams | null {
  // unavailable storage or a damaged value: as if nothing were stored
  return readJson(storage, OCPC_STORAGE_KEY, OcpcReportParamsSchema, null);
}

/** `/sem` and every path below it is the activity landing area (spec section 2). */
const isSemLanding = (pathname: string): boolean => pathname === '/sem' || pathname.startsWith('/sem/');

/** Whether the URL may carry attribution values at all (any query parameter besides `channel`). */
const hasCampaignQuery = (search: URLSearchParams): boolean => [...search.keys()].some((key) => key !== 'channel');

const sameParams = (a: OcpcReportParams, b: OcpcReportParams | null): boolean =>
  b !== null && OCPC_FIELDS.every((f) => a[f] === b[f]);

export interface BidBody {
  bhSemReq: string;
  appId: string;
  channel: string;
}

function bidRequestBody(params: OcpcReportParams, ids: { appId: string; channel: string }): BidBody {
  // Fixed key order, so the same landing always produces the same bhSemReq.
  const ordered = Object.fromEntries(OCPC_FIELDS.map((f) => [f, params[f]]));
  return { bhSemReq: JSON.stringify(ordered), appId: ids.appId, channel: ids.channel };
}

export interface AttributionDeps {
  /** the landing URL */
  url: URL;
  storage: WriteStorage;
  appId: string;
  channel: string;
  /** the `leigod_mall_ocpc` dictionary items */
  loadConfig: () => Promise<readonly DictItem[]>;
  /** `postSemBid` */
  requestBid: (body: BidBody) => Promise<{ bId: string }>;
  /** makes every later call carry `adan` (`clientState.set({ adan })`) */
  setAdan: (adan: string) => void;
}

export interface AttributionOutcome {
  /** the values of this visit: from the landing URL, else the stored ones */
  params: OcpcReportParams | null;
  bid: 'requested' | 'skipped' | 'failed';
  adan: string | null;
}

export interface AttributionStart {
  /** the bid restored from sessionStorage (already applied), if any */
  restoredAdan: string | null;
  /** settles once the landing's values are stored and the bid (if any) answered; never rejects */
  done: Promise<AttributionOutcome>;
}

/**
 * Restores a stored bid at once (synchronously, so the first call already
 * carries it), then reads the landing's values and asks for a bid on a /sem
 * landing in the background.
 */
export function startAttribution(deps: AttributionDeps): AttributionStart {
  const restoredAdan = readStoredAdan(deps.storage);
  if (restoredAdan) deps.setAdan(restoredAdan);
  return { restoredAdan, done: runAttribution(deps, restoredAdan) };
}

async function runAttribution(deps: AttributionDeps, storedAdan: string | null): Promise<AttributionOutcome> {
  const stored = readStoredParams(deps.storage);
  let fromUrl: OcpcReportParams | null = null;
  if (hasCampaignQuery(deps.url.searchParams)) {
    const items = await deps.loadConfig().catch(() => [] as readonly DictItem[]);
    fromUrl = readAttributionParams(items, deps.url.searchParams);
    // without storage the values still hold for this page
    if (fromUrl) writeJson(deps.storage, OCPC_STORAGE_KEY, fromUrl);
  }
  const params = fromUrl ?? stored;
  if (!isSemLanding(deps.url.pathname)) return { params, bid: 'skipped', adan: storedAdan };
  const newLanding = fromUrl !== null && !sameParams(fromUrl, stored);
  if (storedAdan && !newLanding) return { params, bid: 'skipped', adan: storedAdan };
  try {
    const { bId } = await deps.requestBid(bidRequestBody(params ?? emptyParams(), deps));
    const adan = AdanSchema.parse(bId);
    writeText(deps.storage, ADAN_STORAGE_KEY, adan);
    deps.setAdan(adan);
    return { params, bid: 'requested', adan };
  } catch {
    return { params, bid: 'failed', adan: storedAdan };
  }
}
