/**
 * Public shapes of the simulated backend. The core speaks in these plain
 * objects so that msw (browser and tests) and node:http can both mount it.
 */
import type { OrderStatus } from '../../api/orders';
import type { RealNameConfig } from '../../api/user';

/** One request as the core sees it: path below the API base, lower-cased header names. */
export interface MockRequest {
  method: string;
  /** below the base, e.g. `/sgame/mall/game/qryBanner` */
  path: string;
  query: Record<string, string>;
  /** lower-cased names */
  headers: Record<string, string>;
  /** parsed JSON, `undefined` when empty, the raw text when it was not JSON */
  body: unknown;
}

/** What a mount must send back. Exactly one of body / text / networkError / hang is meaningful. */
export interface MockResponse {
  status: number;
  /** JSON body */
  body?: unknown;
  /** raw text body: malformed JSON, an HTML error page, an SVG */
  text?: string;
  contentType?: string;
  /** extra response headers (e.g. content-disposition for downloads) */
  headers?: Record<string, string>;
  /** drop the connection without an answer */
  networkError?: boolean;
  /** never answer (lets the client time out) */
  hang?: boolean;
  /** wait this long before answering */
  delayMs?: number;
}

export type AuthCode = 'auth_40001' | 'auth_40002';

/** @internal */
export type FaultSpec =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'delay'; ms: number }
  | { kind: 'http'; status: number; html?: boolean }
  | { kind: 'business'; code: string; message?: string }
  | { kind: 'auth'; code?: AuthCode }
  | { kind: 'malformed' }
  | { kind: 'schema' };

/** A fault, optionally limited to the next `times` requests (then it clears itself). */
export type Fault = FaultSpec & { times?: number };

export type LatencyOption = number | { min: number; max: number };

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `hostile`: the catalogue with XSS payloads in every server text, HTML and URL field (src/mock/seed/hostile.ts). */
export type SeedVariant = 'default' | 'hostile';

export interface BackendOptions {
  /** the wall clock; `control.advanceClock()` adds an offset on top */
  now?: () => number;
  /** when given, mutable state survives a new backend (e.g. a page reload) */
  storage?: StorageLike;
  storageKey?: string;
  /** added to every answer as `delayMs`; default 0 */
  latencyMs?: LatencyOption;
  /** source of randomness for ids, tokens and CDKs; default Math.random */
  random?: () => number;
  /** after `order/pay` handed out a QR code, an unpaid order is paid this long later; 0 disables. Default 8000 */
  autoPayMs?: number;
  /**
   * `false`: the backend's own timed events — the automatic payment after a QR code and a refund's settlement —
   * happen only when a control says (`completePayment`, `settleRefund`). The end-to-end world runs so
   * (`VITE_MOCK_AUTO_EVENTS=off`, `API_AUTO_EVENTS=off`): no journey races them. Default `true`.
   */
  autoEvents?: boolean;
  /** which seed to serve; default `default` */
  seedVariant?: SeedVariant;
  /** the public prefix of the API, used in the image/QR/pay URLs the backend hands out. Default `/webapi` */
  publicBase?: string;
}

export interface StateSummary {
  now: number;
  clockOffsetMs: number;
  autoPayMs: number;
  /** 0: refunds settle only by `settleRefund` */
  refundSettleMs: number;
  realNameConfig: RealNameConfig;
  users: { userId: number; telNum: string; createTime: number; realName: boolean }[];
  sessions: number;
  orders: { orderId: string; userId: number; status: OrderStatus; payAmount: number }[];
  /** each account's wishlisted game ids, newest first, by user id (the timing sweep's truth: docs/timing-sweep.md) */
  wishlists: Record<string, number[]>;
  coupons: number;
  faults: Record<string, Fault>;
  qrCodes: number;
  bidRequests: number;
}

export interface BackendControl {
  /** reseed: clear users, sessions, orders, coupons, faults, clock offset and settings */
  reset(): void;
  /** switch the seed (the normal catalogue or the one with XSS payloads) and reset */
  useSeed(variant: SeedVariant): void;
  /** the messaging app scanned this QR; `phone` picks the account (generated when omitted) */
  markQrScanned(qrId: string, phone?: string): void;
  /** pay an unpaid order now: it becomes `paid`, then `delivered` with its CDKs */
  completePayment(orderId: string): OrderStatus;
  /** the payment of an unpaid order failed: `failed`, stock and coupon restored */
  failPayment(orderId: string): OrderStatus;
  /** the payer cancelled the payment of an unpaid order in the pay app: `cancelled`, stock and coupon restored */
  cancelPayment(orderId: string): OrderStatus;
  /** delay between `order/pay` handing out a QR code and the automatic payment; 0 disables */
  setAutoPay(ms: number): void;
  /** the refund of a `refunding` order settles now: `refunded` (what happens by itself REFUND_SETTLE_MS later when `autoEvents` is on) */
  settleRefund(orderId: string): OrderStatus;
  /** fault for one endpoint path (below the base; `{id}` templates and `*` allowed), `null` clears it */
  setFault(endpointPath: string, fault: Fault | null): void;
  clearFaults(): void;
  listFaults(): Record<string, Fault>;
  setRealNameConfig(config: RealNameConfig): void;
  /** invalidate the sessions of one user (or all): their tokens answer `code` (default auth_40001). Returns how many */
  expireSessions(userIdOrAll?: number | 'all', code?: AuthCode): number;
  /** a token for `?token=` auto-login links; creates the account when the phone is new */
  issueAutoLoginToken(phone: string): string;
  /** the game's from-price goods costs `price` fen from now on (default 20 % less); returns the new price (the wishlist's 降价, docs/following-wishlist.md) */
  lowerPrice(gameId: number, price?: number): number;
  /** move the backend's clock forward; returns the new now() */
  advanceClock(ms: number): number;
  /** the current backend time */
  now(): number;
  /** bodies of every `sem/bind/channel/bid` request, oldest first */
  bidRequests(): unknown[];
  /** headers of the last request to this path (actual or template), lower-cased names */
  lastRequestHeaders(path: string): Record<string, string> | undefined;
  state(): StateSummary;
}

export interface RouteInfo {
  method: string;
  path: string;
}

export interface Backend {
  handle(request: MockRequest): Promise<MockResponse>;
  control: BackendControl;
  /** method and path template of every API endpoint the backend answers */
  routes(): RouteInfo[];
}
