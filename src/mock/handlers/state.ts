/**
 * The backend's mutable state and how it is saved. The seed (games, goods,
 * articles…) is rebuilt at start; only what users change is kept here, so a
 * saved value stays small and a seed change does not invalidate it.
 */
import type { Coupon } from '../../api/common';
import type { OrderItem, OrderStatus, PayChannelCode } from '../../api/orders';
import type { RealNameConfig } from '../../api/user';
import type { WishEntry } from '../../api/wishlist';
import type { StorageLike } from './types';

const STATE_VERSION = 1;
export const DEFAULT_STORAGE_KEY = 'xingyou-mock-backend:v1';
const DEFAULT_REAL_NAME_CONFIG: RealNameConfig = { enable: true, sceneType: 1 };

export interface UserRecord {
  userId: number;
  phone: string;
  createTime: number;
  registerCanal: string;
  /** created by a QR scan in the messaging app */
  wechatBound: boolean;
  realName: { name: string; idCardNo: string; authTime: number } | null;
  /** newest first, at most 10 */
  recentSearches: string[];
}

export interface SessionRecord {
  token: string;
  userId: number;
  createTime: number;
  /** set once the session was ended by control: the token answers this code */
  invalidCode: 'auth_40001' | 'auth_40002' | null;
}

export interface CouponRecord extends Omit<Coupon, 'status'> {
  templateId: number;
  userId: number;
  /** `expired` is derived from expireTime when read */
  used: boolean;
  usedOrderId: string | null;
}

export interface OrderRecord {
  orderId: string;
  userId: number;
  requestId: string;
  status: OrderStatus;
  items: OrderItem[];
  totalAmount: number;
  discountAmount: number;
  payAmount: number;
  coupon: { couponId: string; title: string; amount: number } | null;
  packageId: number | null;
  payChannel: PayChannelCode | null;
  createTime: number;
  payTime: number | null;
  expireTime: number;
  /**
   * When `order/pay` first handed out a QR code (a desktop's 微信支付): the automatic payment, which stands in
   * for the scan nobody can make in a demo, counts from here. A pay link or an H5 page is paid by the shopper on
   * that page, so handing one out sets nothing (docs/simulated-backend.md, "Automatic payment"). Orders saved
   * before this field existed read as `undefined`: no automatic payment.
   */
  qrShownAt?: number | null;
  /**
   * The pay pages' secret for this order, made by its first `order/pay` and put into the `payUrl` and `h5Url`
   * handed out (`sign=`; not `token=`, which the store reads as an auto-login link), as a real channel signs its links: without it a page shows no order and pays none (a guessed
   * sequential order id is not enough). Orders saved before it existed have none: their pages show nothing.
   */
  payToken?: string | null;
  refundRequestedAt: number | null;
  /** made from the account's cart (`fromCart`, an extension: docs/cart.md): once paid, its quantities leave the cart */
  fromCart?: boolean;
  /** `goodsId` names the goods (orders before it was kept name only their goods by name) */
  cdks: { goodsName: string; code: string; goodsId?: number }[];
  hasGift: boolean;
  gift: { name: string; code: string } | null;
  refundReason: string | null;
  timeline: { status: OrderStatus; time: number }[];
}

/** A line of an account's cart: the goods, how many, and the unit price and time when it was added (the server's). */
export interface CartRecord {
  goodsId: number;
  buyNum: number;
  addedPrice: number;
  addedAt: number;
}

/** A login QR code. Kept with the rest so that /demo in another tab (its own backend over the same storage) can mark it scanned. */
export interface QrRecord {
  qrId: string;
  content: string;
  createdAt: number;
  scannedAt: number | null;
  sessionCode: string | null;
  sessionCodeUsed: boolean;
  /** the account the scan logs in */
  phone: string | null;
}

interface SmsRecord {
  code: string;
  sentAt: number;
  used: boolean;
}

export interface PersistedState {
  version: typeof STATE_VERSION;
  nextUserId: number;
  nextOrderSeq: number;
  nextCouponSeq: number;
  users: UserRecord[];
  sessions: Record<string, SessionRecord>;
  orders: OrderRecord[];
  coupons: CouponRecord[];
  /** coupons handed out per template id */
  templateIssued: Record<string, number>;
  /** live stock per goods id, only for goods whose stock changed (others: the seed's) */
  stock: Record<string, number>;
  /** login codes per phone */
  sms: Record<string, SmsRecord>;
  /** last order-code SMS per order id */
  orderSmsSentAt: Record<string, number>;
  /** auto-login tokens → phone */
  autoLoginTokens: Record<string, string>;
  realNameConfig: RealNameConfig;
  autoPayMs: number;
  /** login QR codes by id (short-lived: expired ones are dropped when a new one is made) */
  qrCodes: Record<string, QrRecord>;
  /** the wishlist (an extension, docs/following-wishlist.md) per user id, newest first */
  wishlists: Record<string, WishEntry[]>;
  /** the cart (an extension, docs/cart.md) per user id, newest first */
  carts: Record<string, CartRecord[]>;
  /** prices lowered by the `lowerPrice` control, per goods id (others: the seed's) */
  prices: Record<string, number>;
  /** each price the `lowerPrice` control set, per goods id, oldest first, with when (the price history shows it from that day) */
  priceChanges: Record<string, { price: number; at: number }[]>;
}

export function emptyState(autoPayMs: number): PersistedState {
  return {
    version: STATE_VERSION,
    nextUserId: 10001,
    nextOrderSeq: 1,
    nextCouponSeq: 1,
    users: [],
    sessions: {},
    orders: [],
    coupons: [],
    templateIssued: {},
    stock: {},
    sms: {},
    orderSmsSentAt: {},
    autoLoginTokens: {},
    realNameConfig: { ...DEFAULT_REAL_NAME_CONFIG },
    autoPayMs,
    qrCodes: {},
    wishlists: {},
    carts: {},
    prices: {},
    priceChanges: {},
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a saved state. Anything unreadable — bad JSON, another version, a
 * missing collection — yields `null` (and the stored value is removed) so the
 * caller starts from the seed instead of crashing on half a state.
 */
function loadState(storage: StorageLike, key: string): PersistedState | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw == null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.version !== STATE_VERSION) throw new Error('wrong version');
    const arrays = ['users', 'orders', 'coupons'] as const;
    const records = [
      'sessions',
      'templateIssued',
      'stock',
      'sms',
      'orderSmsSentAt',
      'autoLoginTokens',
      'realNameConfig',
    ] as const;
    const numbers = ['nextUserId', 'nextOrderSeq', 'nextCouponSeq', 'autoPayMs'] as const;
    if (!arrays.every((name) => Array.isArray(parsed[name]))) throw new Error('bad shape');
    if (!records.every((name) => isRecord(parsed[name]))) throw new Error('bad shape');
    if (!numbers.every((name) => typeof parsed[name] === 'number')) throw new Error('bad shape');
    // Saved before QR codes were kept: they start empty.
    if (!isRecord(parsed.qrCodes)) parsed.qrCodes = {};
    // Saved before the wishlist and the price control (docs/following-wishlist.md): they start empty.
    if (!isRecord(parsed.wishlists)) parsed.wishlists = {};
    if (!isRecord(parsed.prices)) parsed.prices = {};
    // Saved before the cart (docs/cart.md): it starts empty.
    if (!isRecord(parsed.carts)) parsed.carts = {};
    // Saved before a price change kept its day: the history shows such a change from the day it is read.
    if (!isRecord(parsed.priceChanges)) parsed.priceChanges = {};
    return parsed as unknown as PersistedState;
  } catch {
    try {
      storage.removeItem(key);
    } catch {
      // A storage that cannot even remove is ignored: the seed is used either way.
    }
    return null;
  }
}

/**
 * Writes the state when it changed since the last write; storage errors (quota, private mode) are ignored.
 * `takeNewer` returns the stored state when someone else wrote it since this saver last wrote or read it:
 * in the browser every tab runs its own backend over the same localStorage (the store in one tab, /demo
 * in another), and each takes the others' writes before it answers.
 */
export function createSaver(storage: StorageLike | undefined, key: string) {
  let last: string | null = null;
  return {
    takeNewer(): PersistedState | null {
      if (!storage) return null;
      let raw: string | null;
      try {
        raw = storage.getItem(key);
      } catch {
        return null;
      }
      if (raw === null || raw === last) return null;
      const state = loadState(storage, key);
      if (state) last = raw;
      return state;
    },
    save(state: PersistedState): void {
      if (!storage) return;
      const json = JSON.stringify(state);
      if (json === last) return;
      last = json;
      try {
        storage.setItem(key, json);
      } catch {
        // Persistence is a convenience; the in-memory state stays authoritative.
      }
    },
    forget(): void {
      last = null;
    },
  };
}
