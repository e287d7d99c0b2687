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
import { createRootActor } from '../../../src/app/root-actor';
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

function rootActor(storage: MemoryStorage, toasts: string[]) {
  const actor = createRootActor({
    build: { id: 'build-1', fetchLatest: () => new Promise(() => {}), reloadPage: () => {} },
    modals: { load: async () => undefined },
    start: { couponPopupEnabled: false, startAttribution: () => {} },
    testing: {
      cartStorage: storage,
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

describe('the cart in the login hand-over', () => {
  it('a visitor’s lines reach the account before 登录成功; after 退出登录 nothing of the account’s cart stays', async () => {
    const storage = new MemoryStorage();
    const toasts: string[] = [];
    const root = rootActor(storage, toasts);
    const cart = await whenCartOpen(root);
    await waitFor(cart, (s) => s.matches('ready'));
    root.send({ type: 'cart.add', line });
    expect(storage.getItem(CART_VISITOR_KEY)).not.toBeNull();

    const phone = nextPhone();
    await postSendSms(phone);
    const user = await postPhoneRegister({ phone, code: '123456' });
    clientState.set({ token: undefined });
    root.send({ type: 'session.login', user });
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
});
