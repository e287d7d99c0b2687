/**
 * The cart in the one login hand-over (decision 0035, docs/cart.md), through the REAL root actor (the app machine,
 * the session machine and its cart child with the real effects) against the simulated backend: a visitor's lines
 * reach the account before 登录成功, the visitor's copy is gone, and after 退出登录 nothing of the account's cart is
 * shown or kept in this browser.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { CartLine } from '../../../machines/cart.machine';
import { getCart } from '../../../src/api/cart';
import { whenCartOpen } from '../../../src/features/cart/cart-open';
import { clientState } from '../../../src/api/client-state';
import { postPhoneRegister, postSendSms } from '../../../src/api/user';
import { createRootActor, type RootActorDeps } from '../../../src/app/root-actor';
import { CART_VISITOR_KEY } from '../../../src/features/cart/cart-effects';
import { sessionUserId } from '../../../src/shared/app-actor';
import { catalogue, nextPhone } from '../../mock/helpers';
import { MemoryStorage } from '../../properties/pending-answers';

const goods = catalogue.goods.find((g) => g.stock > 10 && g.limitPerOrder >= 2)!;
const line: CartLine = {
  goodsId: goods.goodsId,
  gameId: goods.gameId,
  gameName: goods.gameName,
  goodsName: goods.name,
  cover: goods.cover,
  buyNum: 2,
  addedPrice: goods.price,
  addedAt: 1,
  price: goods.price,
};

function rootActor(
  storage: MemoryStorage,
  toasts: string[],
  loadCart?: NonNullable<RootActorDeps['testing']>['loadCart'],
) {
  const actor = createRootActor({
    build: { id: 'build-1', fetchLatest: () => new Promise(() => {}), reloadPage: () => {} },
    modals: { load: async () => undefined },
    start: { couponPopupEnabled: false, startAttribution: () => {} },
    testing: {
      cartStorage: storage,
      ...(loadCart ? { loadCart } : {}),
      wishlistStorage: new MemoryStorage(),
      loadFlows: () => new Promise(() => {}),
      sessionFlows: {
        effects: {
          persistSession: () => {},
          forgetSession: () => {},
          setTokenCookie: () => {},
          notify: (_kind, text) => void toasts.push(text),
        },
        api: {
          checkToken: () => new Promise(() => {}),
          fetchRealNameConfig: async () => ({ enable: false, sceneType: 0 }),
          logout: async () => true,
        },
      },
    },
  });
  actor.start();
  return actor;
}

/** A new account registered on the simulated backend, then logged in as the login dialog does (not awaited). */
async function logInNewAccount(root: ReturnType<typeof rootActor>) {
  const phone = nextPhone();
  await postSendSms(phone);
  const user = await postPhoneRegister({ phone, code: '123456' });
  clientState.set({ token: undefined });
  root.send({ type: 'session.login', user });
  return user;
}

describe('the cart in the login hand-over', () => {
  it('a visitor’s lines reach the account before 登录成功; after 退出登录 nothing of the account’s cart stays', async () => {
    const storage = new MemoryStorage();
    const toasts: string[] = [];
    const root = rootActor(storage, toasts);
    const cart = await whenCartOpen(root);
    await waitFor(cart, (s) => s.matches('ready'));
    root.send({ type: 'cart.add', line });
    expect(storage.getItem(CART_VISITOR_KEY)).not.toBeNull();

    const user = await logInNewAccount(root);
    // The visitor's copy goes in the step that stores the login.
    expect(storage.getItem(CART_VISITOR_KEY)).toBeNull();
    await waitFor(root, () => toasts.includes('登录成功'));
    // By 登录成功 the account's cart on the server has the visitor's line.
    expect((await getCart(user.userId)).map((i) => [i.goodsId, i.buyNum])).toEqual([[goods.goodsId, 2]]);
    expect(cart.getSnapshot().context).toMatchObject({ owner: user.userId, where: 'server' });

    root.send({ type: 'session.logout' });
    await waitFor(root, () => sessionUserId(root.system) === null);
    await waitFor(cart, (s) => s.context.owner === null && s.matches('ready'));
    expect(cart.getSnapshot().context.lines).toEqual([]);
    expect([...storage.values.keys()].filter((key) => key.includes(String(user.userId)))).toEqual([]);
    root.stop();
  });

  it('a login with a visitor’s cart set aside loads the cart and waits for its merge, though nothing else asked for it', async () => {
    const storage = new MemoryStorage();
    storage.setItem(CART_VISITOR_KEY, JSON.stringify([line]));
    const toasts: string[] = [];
    const root = rootActor(storage, toasts);
    expect(root.getSnapshot().hasTag('app:cartOpen')).toBe(false);

    const user = await logInNewAccount(root);
    expect(storage.getItem(CART_VISITOR_KEY)).toBeNull();
    await waitFor(root, () => toasts.includes('登录成功'));
    expect(root.getSnapshot().hasTag('app:cartOpen')).toBe(true);
    expect((await getCart(user.userId)).map((i) => [i.goodsId, i.buyNum])).toEqual([[goods.goodsId, 2]]);
    root.stop();
  });
});

describe('the cart’s code on demand', () => {
  /** A loader the test answers: each call waits for `answer`. */
  function controlledLoader() {
    const calls: { resolve: (logic: unknown) => void; reject: (error: Error) => void }[] = [];
    const load = () => new Promise((resolve, reject) => void calls.push({ resolve, reject }));
    const real = async () => {
      const { createCartLogic } = await import('../../../src/features/cart/cart-store');
      return createCartLogic;
    };
    return { calls, load, real };
  }

  it('a failed load rejects whoever waits, keeps nothing, and the next cart.* asks again', async () => {
    const storage = new MemoryStorage();
    const loader = controlledLoader();
    const root = rootActor(storage, [], loader.load as never);
    root.send({ type: 'cart.add', line });
    // One waiting without asking (as the cart's listeners do) hears only an opening.
    const waiting = whenCartOpen(root, { load: false });
    expect(loader.calls).toHaveLength(1);
    const asking = whenCartOpen(root);
    loader.calls[0]!.reject(new Error('chunk failed'));
    await expect(asking).rejects.toThrow("The cart's code failed to load");
    expect(root.getSnapshot().context.pendingCart).toEqual([]);

    // The next event asks again, and is the one delivered.
    root.send({ type: 'cart.add', line: { ...line, buyNum: 1 } });
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve((await loader.real())({ storage }));
    const cart = await waiting;
    await waitFor(cart, (s) => s.matches('ready'));
    expect(cart.getSnapshot().context.lines.map((l) => [l.goodsId, l.buyNum])).toEqual([[goods.goodsId, 1]]);
    root.stop();
  });

  it('events kept while the code loads reach the cart of the account they were made for, and no other', async () => {
    const storage = new MemoryStorage();
    const toasts: string[] = [];
    const loader = controlledLoader();
    const root = rootActor(storage, toasts, loader.load as never);
    // A visitor's add while the cart loads, then a login before it runs: the add was the visitor's, not the account's.
    root.send({ type: 'cart.add', line });
    const user = await logInNewAccount(root);
    await waitFor(root, () => sessionUserId(root.system) === user.userId);
    // The account's own add, kept too.
    const second = catalogue.goods.find((g) => g.stock > 10 && g.goodsId !== goods.goodsId)!;
    root.send({ type: 'cart.add', line: { ...line, goodsId: second.goodsId, gameId: second.gameId, buyNum: 1 } });
    loader.calls[0]!.resolve((await loader.real())({ storage }));
    const cart = await whenCartOpen(root, { load: false });
    await waitFor(cart, (s) => s.matches('ready') && s.context.queue.length === 0);
    expect(cart.getSnapshot().context.owner).toBe(user.userId);
    expect(cart.getSnapshot().context.lines.map((l) => l.goodsId)).toEqual([second.goodsId]);
    expect((await getCart(user.userId)).map((i) => i.goodsId)).toEqual([second.goodsId]);
    root.stop();
  });
});
