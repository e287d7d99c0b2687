/**
 * The simulated /webapi backend, written once and mounted three ways: msw in
 * the browser (src/mock/browser.ts), msw in tests (tests/support/server.ts)
 * and node:http (server/api-server.ts). It knows nothing about any of them:
 * `handle()` takes a plain request and returns a plain answer, and the mounts
 * do the I/O, including waiting `delayMs`.
 *
 * State is per user and survives reloads when a storage is given. Time comes
 * from `now()` plus an offset that tests move with `control.advanceClock()`;
 * nothing runs on timers — orders are brought up to date at each request.
 * `control` (also `POST {base}/__mock/<name>`) lets tests and the /demo page
 * drive what a real backend would do on its own: scans, payments, faults.
 */
// Load every endpoint module in the canonical order first, so the endpoint
// registry (and docs/api.md rendered from it) does not depend on which of
// the handler files happens to import its resource first.
import '../api/endpoints';
import { createSeed } from './seed';
import { makeHostile } from './seed/hostile';
import { createFaults, faultResponse } from './handlers/faults';
import { endUnpaidOrder, payOrder, settleRefund, sweepOrders } from './handlers/lifecycle';
import { DEFAULT_AUTO_PAY_MS, REFUND_SETTLE_MS, latency, randomString, str } from './handlers/rules';
import { gameRoutes } from './handlers/routes-games';
import { goodsRoutes } from './handlers/routes-goods';
import { miscRoutes } from './handlers/routes-misc';
import { orderRoutes } from './handlers/routes-orders';
import { accountFor, qrExpired, userRoutes } from './handlers/routes-user';
import { lowerPrice, wishlistRoutes } from './handlers/routes-wishlist';
import { cartRoutes } from './handlers/routes-cart';
import { DEFAULT_STORAGE_KEY, createSaver, emptyState } from './handlers/state';
import { serveStatic } from './handlers/static';
import type {
  AuthCode,
  Backend,
  BackendControl,
  BackendOptions,
  Fault,
  MockRequest,
  MockResponse,
  RouteInfo,
  SeedVariant,
  StateSummary,
} from './handlers/types';
/** @internal */
export type { FaultSpec } from './handlers/types';
import type { Route, World } from './handlers/world';
import { BizError, createContext, findQr } from './handlers/world';

export type {
  Backend,
  BackendOptions,
  LatencyOption,
  MockResponse,
  SeedVariant,
  StorageLike,
} from './handlers/types';
/** @internal */
export { DEFAULT_STORAGE_KEY } from './handlers/state';
/** @internal */
export { idCardCheckChar } from '../features/session/id-card';

const CONTROL_PREFIX = '/__mock/';

const ALL_ROUTES: Route[] = [
  ...gameRoutes,
  ...goodsRoutes,
  ...userRoutes,
  ...orderRoutes,
  ...miscRoutes,
  ...wishlistRoutes,
  ...cartRoutes,
];

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.def.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('');
  return { route, pattern: new RegExp(`^${source}/?$`), names };
}

const COMPILED = ALL_ROUTES.map(compile);

function matchRoute(path: string): { compiled: CompiledRoute; params: Record<string, string> }[] {
  const found: { compiled: CompiledRoute; params: Record<string, string> }[] = [];
  for (const compiled of COMPILED) {
    const m = compiled.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    compiled.names.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1]!);
    });
    found.push({ compiled, params });
  }
  return found;
}

const envelope = (retData: unknown) => ({ success: true, retCode: '0', retMsg: '成功', retData });
const failure = (retCode: string, retMsg: string) => ({ success: false, retCode, retMsg, retData: null });

const FAULT_KINDS = new Set(['network', 'timeout', 'delay', 'http', 'business', 'auth', 'malformed', 'schema']);

function checkFault(fault: unknown): Fault {
  if (typeof fault !== 'object' || fault === null || !FAULT_KINDS.has(String((fault as { kind?: unknown }).kind))) {
    throw new Error(`Unknown fault: ${JSON.stringify(fault)}`);
  }
  return fault as Fault;
}

export function createBackend(options: BackendOptions = {}): Backend {
  // Read Date.now at each call so that fake timers installed later (vi.useFakeTimers) are followed.
  const wallClock = options.now ?? (() => Date.now());
  let offset = 0;
  const now = () => wallClock() + offset;
  const random = options.random ?? Math.random;
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const autoEvents = options.autoEvents ?? true;
  const defaultAutoPayMs = autoEvents ? (options.autoPayMs ?? DEFAULT_AUTO_PAY_MS) : 0;
  const publicBase = (options.publicBase ?? '/webapi').replace(/\/+$/, '');
  let seedVariant: SeedVariant = options.seedVariant ?? 'default';
  const seedFor = (baseTime: number) =>
    seedVariant === 'hostile' ? makeHostile(createSeed(baseTime)) : createSeed(baseTime);
  const saver = createSaver(options.storage, storageKey);
  const faults = createFaults();
  const headersSeen = new Map<string, Record<string, string>>();

  const loaded = saver.takeNewer();
  const world: World = {
    seed: seedFor(now()),
    state: loaded ?? emptyState(defaultAutoPayMs),
    bids: [],
    now,
    random,
    publicBase,
    refundSettleMs: autoEvents ? REFUND_SETTLE_MS : 0,
  };
  // Off means off, even over a state saved while they were on.
  if (!autoEvents) world.state.autoPayMs = 0;

  const normalize = (path: string) => {
    let p = path.startsWith('/') ? path : `/${path}`;
    if (publicBase && (p === publicBase || p.startsWith(`${publicBase}/`))) p = p.slice(publicBase.length) || '/';
    return p;
  };

  const persist = () => saver.save(world.state);
  /** Another tab's backend over the same storage may have changed the state (/demo beside the store): take it first. */
  const takeNewerState = () => {
    const newer = saver.takeNewer();
    if (newer) world.state = newer;
  };

  function findOrder(orderId: string) {
    sweepOrders(world);
    const order = world.state.orders.find((o) => o.orderId === orderId);
    if (!order) throw new Error(`Unknown order: ${orderId}`);
    return order;
  }

  function endPayment(orderId: string, status: 'failed' | 'cancelled') {
    const order = findOrder(orderId);
    if (order.status === 'unpaid') endUnpaidOrder(world, order, status, now());
    persist();
    return order.status;
  }

  const control: BackendControl = {
    reset() {
      offset = 0;
      world.seed = seedFor(now());
      world.state = emptyState(defaultAutoPayMs);
      world.bids.length = 0;
      faults.clear();
      headersSeen.clear();
      saver.forget();
      persist();
    },
    useSeed(variant) {
      seedVariant = variant === 'hostile' ? 'hostile' : 'default';
      control.reset();
    },
    markQrScanned(qrId, phone) {
      const qr = findQr(world, qrId);
      if (!qr) throw new Error(`Unknown QR code: ${qrId}`);
      if (qrExpired(world, qr)) throw new Error(`QR code ${qrId} has expired`);
      if (qr.scannedAt !== null) return;
      if (phone !== undefined) accountFor(world, phone);
      qr.scannedAt = now();
      qr.sessionCode = `sc_${randomString(random, 20)}`;
      qr.phone = phone ?? null;
      persist();
    },
    completePayment(orderId) {
      const order = findOrder(orderId);
      if (order.status === 'unpaid') payOrder(world, order, now());
      persist();
      return order.status;
    },
    failPayment(orderId) {
      return endPayment(orderId, 'failed');
    },
    cancelPayment(orderId) {
      return endPayment(orderId, 'cancelled');
    },
    setAutoPay(ms) {
      sweepOrders(world);
      world.state.autoPayMs = Math.max(0, Number(ms) || 0);
      persist();
    },
    settleRefund(orderId) {
      const order = findOrder(orderId);
      settleRefund(order, now());
      persist();
      return order.status;
    },
    setFault(endpointPath, fault) {
      faults.set(endpointPath === '*' ? '*' : normalize(endpointPath), fault === null ? null : checkFault(fault));
    },
    clearFaults() {
      faults.clear();
    },
    listFaults() {
      return faults.list();
    },
    setRealNameConfig(config) {
      world.state.realNameConfig = { enable: Boolean(config.enable), sceneType: Number(config.sceneType) || 0 };
      persist();
    },
    expireSessions(userIdOrAll = 'all', code: AuthCode = 'auth_40001') {
      let count = 0;
      for (const session of Object.values(world.state.sessions)) {
        if (userIdOrAll !== 'all' && session.userId !== Number(userIdOrAll)) continue;
        if (session.invalidCode) continue;
        session.invalidCode = code;
        count += 1;
      }
      persist();
      return count;
    },
    issueAutoLoginToken(phone) {
      accountFor(world, phone);
      const token = `alt_${randomString(random, 24)}`;
      world.state.autoLoginTokens[token] = phone;
      persist();
      return token;
    },
    lowerPrice(gameId, price) {
      const next = lowerPrice(world, Number(gameId), price);
      persist();
      return next;
    },
    advanceClock(ms) {
      offset += Math.max(0, Number(ms) || 0);
      sweepOrders(world);
      persist();
      return now();
    },
    now,
    bidRequests() {
      return structuredClone(world.bids);
    },
    lastRequestHeaders(path) {
      const seen = headersSeen.get(normalize(path));
      return seen && { ...seen };
    },
    state(): StateSummary {
      sweepOrders(world);
      persist();
      return {
        now: now(),
        clockOffsetMs: offset,
        autoPayMs: world.state.autoPayMs,
        refundSettleMs: world.refundSettleMs,
        realNameConfig: { ...world.state.realNameConfig },
        users: world.state.users.map((u) => ({
          userId: u.userId,
          telNum: u.phone,
          createTime: u.createTime,
          realName: u.realName !== null,
        })),
        sessions: Object.values(world.state.sessions).filter((s) => !s.invalidCode).length,
        orders: world.state.orders.map((o) => ({
          orderId: o.orderId,
          userId: o.userId,
          status: o.status,
          payAmount: o.payAmount,
        })),
        wishlists: Object.fromEntries(
          Object.entries(world.state.wishlists).map(([userId, entries]) => [
            userId,
            entries.map((entry) => entry.gameId),
          ]),
        ),
        coupons: world.state.coupons.length,
        faults: faults.list(),
        qrCodes: Object.keys(world.state.qrCodes).length,
        bidRequests: world.bids.length,
      };
    },
  };

  /** `POST {base}/__mock/<name>` with a JSON body: the same control over HTTP. */
  const controlOverHttp: Record<string, (body: Record<string, unknown>) => unknown> = {
    reset: () => control.reset(),
    useSeed: (b) => control.useSeed(b.variant === 'hostile' ? 'hostile' : 'default'),
    markQrScanned: (b) => control.markQrScanned(str(b.qrId), b.phone === undefined ? undefined : str(b.phone)),
    completePayment: (b) => control.completePayment(str(b.orderId)),
    failPayment: (b) => control.failPayment(str(b.orderId)),
    cancelPayment: (b) => control.cancelPayment(str(b.orderId)),
    setAutoPay: (b) => control.setAutoPay(Number(b.ms)),
    settleRefund: (b) => control.settleRefund(str(b.orderId)),
    setFault: (b) => control.setFault(str(b.path ?? b.endpointPath), (b.fault ?? null) as Fault | null),
    clearFaults: () => control.clearFaults(),
    listFaults: () => control.listFaults(),
    setRealNameConfig: (b) => control.setRealNameConfig({ enable: Boolean(b.enable), sceneType: Number(b.sceneType) }),
    expireSessions: (b) =>
      control.expireSessions(
        b.userId === undefined || b.userId === 'all' ? 'all' : Number(b.userId),
        b.code === 'auth_40002' ? 'auth_40002' : 'auth_40001',
      ),
    issueAutoLoginToken: (b) => control.issueAutoLoginToken(str(b.phone)),
    lowerPrice: (b) => control.lowerPrice(Number(b.gameId), b.price === undefined ? undefined : Number(b.price)),
    advanceClock: (b) => control.advanceClock(Number(b.ms)),
    now: () => control.now(),
    bidRequests: () => control.bidRequests(),
    lastRequestHeaders: (b) => control.lastRequestHeaders(str(b.path)) ?? null,
    state: () => control.state(),
  };

  function handleControl(name: string, body: unknown): MockResponse {
    const run = Object.hasOwn(controlOverHttp, name) ? controlOverHttp[name] : undefined;
    if (!run) return { status: 404, body: failure('mock_40400', `未知的模拟控制命令：${name}`) };
    try {
      const args =
        typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      return { status: 200, body: envelope(run(args) ?? null) };
    } catch (error) {
      return { status: 400, body: failure('mock_40000', error instanceof Error ? error.message : String(error)) };
    }
  }

  async function dispatch(request: MockRequest, match: ReturnType<typeof matchRoute>): Promise<MockResponse> {
    const file = await serveStatic(world, request);
    if (file) return file;
    if (match.length === 0) return { status: 404, body: failure('404', `接口不存在：${request.path}`) };
    const hit = match.find((m) => m.compiled.route.def.method === request.method);
    if (!hit) return { status: 405, body: failure('405', `请求方法不支持：${request.method}`) };
    const ctx = createContext(world, request, hit.params);
    try {
      return { status: 200, body: envelope(await hit.compiled.route.handle(ctx)) };
    } catch (error) {
      if (error instanceof BizError) return { status: 200, body: failure(error.code, error.message) };
      const detail = error instanceof Error ? error.message : String(error);
      return { status: 500, body: { ...failure('sys_50000', '系统繁忙，请稍后重试'), debug: detail } };
    }
  }

  async function handle(raw: MockRequest): Promise<MockResponse> {
    const request: MockRequest = {
      method: raw.method.toUpperCase(),
      path: normalize(raw.path),
      query: raw.query,
      headers: Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k.toLowerCase(), v])),
      body: raw.body,
    };
    takeNewerState();
    if (request.path.startsWith(CONTROL_PREFIX))
      return handleControl(request.path.slice(CONTROL_PREFIX.length), request.body);

    sweepOrders(world);
    const match = matchRoute(request.path);
    const template = match[0]?.compiled.route.def.path ?? null;
    headersSeen.set(request.path, request.headers);
    if (template) headersSeen.set(template, request.headers);

    // `*` and templates reach API endpoints only; a static file or unknown path needs its exact path.
    const fault = faults.take(request.path, template);
    const faulted = fault && faultResponse(fault, match[0]?.compiled.route.def.data);
    const response = faulted ?? (await dispatch(request, match));
    persist();

    const delayMs = latency(options.latencyMs, random) + (fault?.kind === 'delay' ? Math.max(0, fault.ms) : 0);
    return delayMs > 0 ? { ...response, delayMs } : response;
  }

  return {
    handle,
    control,
    routes: (): RouteInfo[] => ALL_ROUTES.map((r) => ({ method: r.def.method, path: r.def.path })),
  };
}
