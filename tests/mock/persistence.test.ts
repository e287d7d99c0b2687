import { describe, expect, it } from 'vitest';
import { createBackend, DEFAULT_STORAGE_KEY } from '../../src/mock/backend';
import type { Backend, StorageLike } from '../../src/mock/backend';
import { plainGoods } from './helpers';

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  writes = 0;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes += 1;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

async function ok(
  backend: Backend,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  query: Record<string, string> = {},
) {
  const answer = await backend.handle({ method, path, query, headers: token ? { token } : {}, body });
  const envelope = answer.body as { success: boolean; retData: Record<string, unknown> };
  if (!envelope.success) throw new Error(JSON.stringify(answer.body));
  return envelope.retData;
}

async function userWithOrder(backend: Backend) {
  const phone = '13912345678';
  await ok(backend, 'POST', '/u-nnpc/api/v3/userSms/sendSms', { phone });
  const user = await ok(backend, 'POST', '/u-nnpc/api/mall/phoneRegister', { phone, code: '123456' });
  const token = String(user.token);
  const order = await ok(
    backend,
    'POST',
    '/nnorder/unified/order/create',
    { goodsId: plainGoods.goodsId, buyNum: 2, requestId: 'r1' },
    token,
  );
  return { token, orderId: String(order.orderId) };
}

const stockOf = async (backend: Backend) => {
  const answer = await ok(backend, 'POST', '/goods/mall/goods/gameDetail', { gameId: plainGoods.gameId });
  return (answer.goods as { goodsId: number; stock: number }[]).find((g) => g.goodsId === plainGoods.goodsId)!.stock;
};

describe('persistence', () => {
  it('keeps users, sessions, orders and stock across backend instances sharing a storage', async () => {
    const storage = new MemoryStorage();
    const first = createBackend({ storage });
    const { token, orderId } = await userWithOrder(first);
    expect(storage.items.has(DEFAULT_STORAGE_KEY)).toBe(true);

    const second = createBackend({ storage });
    expect(await ok(second, 'GET', '/u-nnpc/hello', undefined, token)).toBe('ok');
    const order = await ok(second, 'GET', '/nnorder/mall/unified/order/detail', undefined, token, { id: orderId });
    expect(order).toMatchObject({ orderId, status: 'unpaid' });
    expect(await stockOf(second)).toBe(plainGoods.stock - 2);
  });

  it('keeps a payment made by control', async () => {
    const storage = new MemoryStorage();
    const first = createBackend({ storage });
    const { token, orderId } = await userWithOrder(first);
    first.control.completePayment(orderId);
    const second = createBackend({ storage });
    expect(await ok(second, 'GET', '/nnorder/mall/unified/order/status', undefined, token, { orderId })).toMatchObject({
      status: 'delivered',
    });
  });

  it('writes only when the state changed', async () => {
    const storage = new MemoryStorage();
    const backend = createBackend({ storage });
    await ok(backend, 'POST', '/sgame/mall/game/qryBanner', { bannerSite: 1 });
    const writes = storage.writes;
    await ok(backend, 'POST', '/sgame/mall/game/qryBanner', { bannerSite: 1 });
    expect(storage.writes).toBe(writes);
  });

  it('uses its own storage key when given one', async () => {
    const storage = new MemoryStorage();
    await userWithOrder(createBackend({ storage, storageKey: 'other-key' }));
    expect([...storage.items.keys()]).toEqual(['other-key']);
  });

  it.each([
    ['unreadable JSON', '{"version":1,"users":['],
    ['another version', JSON.stringify({ version: 99, users: [] })],
    ['a missing collection', JSON.stringify({ version: 1 })],
    ['not an object', '"hello"'],
  ])('drops %s and starts from the seed', async (_case, value) => {
    const storage = new MemoryStorage();
    storage.items.set(DEFAULT_STORAGE_KEY, value);
    const backend = createBackend({ storage });
    expect(backend.control.state()).toMatchObject({ users: [], orders: [] });
    expect(storage.items.get(DEFAULT_STORAGE_KEY)).not.toBe(value);
    expect(await stockOf(backend)).toBe(plainGoods.stock);
    await userWithOrder(backend);
    expect(JSON.parse(storage.items.get(DEFAULT_STORAGE_KEY)!)).toMatchObject({ version: 1 });
  });

  it('keeps working when the storage refuses to write', async () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const backend = createBackend({ storage });
    await expect(userWithOrder(backend)).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('clears the saved state on reset', async () => {
    const storage = new MemoryStorage();
    const first = createBackend({ storage });
    const { token } = await userWithOrder(first);
    first.control.reset();
    const second = createBackend({ storage });
    const answer = await second.handle({
      method: 'GET',
      path: '/u-nnpc/hello',
      query: {},
      headers: { token },
      body: undefined,
    });
    expect(answer.body).toMatchObject({ success: false, retCode: 'auth_40001' });
  });
});

describe('two backends over one storage (two tabs of a browser)', () => {
  it('each takes the other one’s writes before answering', async () => {
    const storage = new MemoryStorage();
    const store = createBackend({ storage });
    const demo = createBackend({ storage });
    const { token, orderId } = await userWithOrder(store);

    // The order was made after the second backend started; its control still finds it and pays it.
    const paid = await demo.handle({
      method: 'POST',
      path: '/__mock/completePayment',
      query: {},
      headers: {},
      body: { orderId },
    });
    expect(paid.body).toMatchObject({ success: true, retData: 'delivered' });
    expect(await ok(store, 'GET', '/nnorder/mall/unified/order/status', undefined, token, { orderId })).toMatchObject({
      status: 'delivered',
    });
  });

  it('a login QR code shown by one is marked scanned from the other, and the first one logs in with it', async () => {
    const storage = new MemoryStorage();
    const store = createBackend({ storage });
    const demo = createBackend({ storage });
    const { qrId } = (await ok(store, 'GET', '/u-nnpc/api/mall/getWxMpQrcode')) as { qrId: string };

    const marked = await demo.handle({
      method: 'POST',
      path: '/__mock/markQrScanned',
      query: {},
      headers: {},
      body: { qrId, phone: '13800000077' },
    });
    expect(marked.body).toMatchObject({ success: true });

    const check = (await ok(store, 'GET', `/u-nnpc/api/mall/checkLogin/${qrId}`)) as {
      status: string;
      sessionCode: string;
    };
    expect(check.status).toBe('scanned');
    const user = await ok(store, 'POST', '/u-nnpc/api/mall/loginBySessionCode', { sessionCode: check.sessionCode });
    expect(user).toMatchObject({ telNum: '13800000077' });
  });

  it('reads a state saved before QR codes were kept', async () => {
    const storage = new MemoryStorage();
    await userWithOrder(createBackend({ storage }));
    const saved = JSON.parse(storage.items.get(DEFAULT_STORAGE_KEY)!) as Record<string, unknown>;
    delete saved.qrCodes;
    storage.items.set(DEFAULT_STORAGE_KEY, JSON.stringify(saved));
    const backend = createBackend({ storage });
    expect(backend.control.state()).toMatchObject({
      users: [expect.objectContaining({ telNum: '13912345678' })],
      qrCodes: 0,
    });
  });
});
