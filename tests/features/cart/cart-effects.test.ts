/**
 * The cart's effects (src/features/cart/cart-effects.ts) through the app's own fetchers against the simulated
 * backend: an account's cart on the server, a visitor's cart handed over at login, the write that names another
 * account, and a server without the extension (it answers 404 for the cart's calls, as for any unknown call):
 * the cart stays in this browser, checkout pays one order per goods, and nothing throws.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { cartList, cartMerge, cartRemove, cartSet, getCart } from '../../../src/api/cart';
import { clientState } from '../../../src/api/client-state';
import { apiCartServer, CART_VISITOR_KEY, createCartEffects } from '../../../src/features/cart/cart-effects';
import { cartWithEffects } from '../../../src/features/cart/cart-store';
import type { CartLine } from '../../../machines/cart.machine';
import { API, testServer } from '../../support/server';
import { catalogue, signUp } from '../../mock/helpers';
import { MemoryStorage } from '../../properties/pending-answers';

const [goodsA, goodsB] = catalogue.goods.filter((g) => g.stock > 10 && g.limitPerOrder >= 2);
const lineOf = (goods: typeof goodsA, buyNum = 1): CartLine => ({
  goodsId: goods!.goodsId,
  gameId: goods!.gameId,
  gameName: goods!.gameName,
  goodsName: goods!.name,
  cover: goods!.cover,
  buyNum,
  addedPrice: goods!.price,
  addedAt: 1,
  price: goods!.price,
});

/** A server without the extension: the cart's calls are unknown calls. */
const withoutExtension = () =>
  testServer.use(
    ...[cartList, cartSet, cartRemove, cartMerge].map((def) =>
      http.post(`${API}${def.path}`, () => new HttpResponse('Not Found', { status: 404 })),
    ),
  );

function cartActor(storage: MemoryStorage, owner: number | null) {
  const effects = createCartEffects({ storage, server: apiCartServer });
  const actor = createActor(cartWithEffects(effects), { input: { owner } });
  actor.start();
  return actor;
}
const settled = (actor: ReturnType<typeof cartActor>) =>
  waitFor(actor, (s) => s.matches('ready') || s.hasTag('cart:failed'));

describe('the cart’s effects against the simulated backend', () => {
  it('keeps an account’s cart on the server: writes go out in order and the answer shows today’s prices', async () => {
    const user = await signUp();
    const actor = cartActor(new MemoryStorage(), user.userId);
    await settled(actor);
    actor.send({ type: 'cart.add', line: { ...lineOf(goodsA, 1), price: 1, addedPrice: 1 } });
    actor.send({ type: 'cart.add', line: lineOf(goodsB) });
    actor.send({ type: 'cart.setQuantity', goodsId: goodsA!.goodsId, buyNum: 2 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.queue.length === 0);
    const { context } = actor.getSnapshot();
    expect(context.where).toBe('server');
    // The server's price and price when added, not the page's.
    expect(context.lines.find((l) => l.goodsId === goodsA!.goodsId)).toMatchObject({
      buyNum: 2,
      price: goodsA!.price,
      addedPrice: goodsA!.price,
    });
    expect((await getCart(user.userId)).map((i) => [i.goodsId, i.buyNum]).sort()).toEqual(
      [
        [goodsA!.goodsId, 2],
        [goodsB!.goodsId, 1],
      ].sort(),
    );
    actor.stop();
  });

  it('hands a visitor’s cart to the account at its login, merged on the server, the visitor’s copy gone', async () => {
    const storage = new MemoryStorage();
    const actor = cartActor(storage, null);
    await settled(actor);
    actor.send({ type: 'cart.add', line: lineOf(goodsA, 2) });
    expect(JSON.parse(storage.getItem(CART_VISITOR_KEY)!)).toHaveLength(1);
    const user = await signUp();
    actor.send({ type: 'session.signingIn', user: { userId: user.userId } });
    const opened = await waitFor(actor, (s) => s.context.owner === user.userId && s.matches('ready'));
    expect(storage.getItem(CART_VISITOR_KEY)).toBeNull();
    expect(opened.context.lines.map((l) => [l.goodsId, l.buyNum])).toEqual([[goodsA!.goodsId, 2]]);
    expect((await getCart(user.userId)).map((i) => i.goodsId)).toEqual([goodsA!.goodsId]);
    actor.stop();
  });

  it('parks a write the server refuses for another account, and sends it when that account holds the tab again', async () => {
    const first = await signUp();
    const actor = cartActor(new MemoryStorage(), first.userId);
    await settled(actor);
    const second = await signUp();
    // The token is now the second account's: the first's write is refused (cart_40901) and waits for it.
    actor.send({ type: 'cart.add', line: lineOf(goodsB) });
    await waitFor(actor, (s) => (s.context.parked[first.userId]?.length ?? 0) > 0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(await getCart(second.userId)).toEqual([]);
    clientState.set({ token: first.token });
    actor.send({ type: 'session.changed', user: { userId: first.userId } });
    await waitFor(actor, (s) => s.matches('ready') && Object.keys(s.context.parked).length === 0);
    expect((await getCart(first.userId)).map((i) => i.goodsId)).toEqual([goodsB!.goodsId]);
    actor.stop();
  });

  it('without the extension keeps the account’s cart in this browser, pays one order per goods, and throws nothing', async () => {
    withoutExtension();
    const storage = new MemoryStorage();
    const visitor = cartActor(storage, null);
    await settled(visitor);
    visitor.send({ type: 'cart.add', line: lineOf(goodsA) });
    const user = await signUp();
    visitor.send({ type: 'session.changed', user: { userId: user.userId } });
    const opened = await waitFor(visitor, (s) => s.context.owner === user.userId && s.matches('ready'));
    expect(opened.context).toMatchObject({ where: 'browser', lines: [{ goodsId: goodsA!.goodsId, buyNum: 1 }] });
    visitor.send({ type: 'cart.add', line: lineOf(goodsB) });
    await waitFor(visitor, (s) => s.matches('ready') && s.context.lines.length === 2);
    expect(visitor.getSnapshot().hasTag('cart:failed')).toBe(false);
    expect(JSON.parse(storage.getItem(`cart:account:${user.userId}`)!)).toHaveLength(2);
    const handOffs: unknown[] = [];
    visitor.on('cart.handOff', (event) => handOffs.push(event.handOff));
    visitor.send({ type: 'cart.checkout', goodsIds: [goodsA!.goodsId, goodsB!.goodsId] });
    expect(handOffs).toEqual([expect.objectContaining({ owner: user.userId, plan: 'orderPerGoods' })]);
    visitor.stop();
  });
});
