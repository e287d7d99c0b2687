/**
 * The cart machine's pure rules (writes, their compaction, what a page event writes, the hand-off and its plan,
 * the prices an order may charge) and an actor's hand-off of 去结算 (docs/cart.md).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  applyCartOp,
  cartMachine,
  compactCartOps,
  opsOf,
  type CartAnswer,
  type CartHandOffEvent,
  type CartLine,
} from '../../machines/cart.machine';
import { cartCount, checkoutPlan, unseenPrices } from '../../machines/cart-view';

const line = (goodsId: number, buyNum = 1, price = 6800): CartLine => ({
  goodsId,
  gameId: goodsId * 10,
  gameName: `游戏${goodsId}`,
  goodsName: '标准版',
  cover: '',
  buyNum,
  addedPrice: 6800,
  addedAt: goodsId,
  price,
});

describe('the cart’s writes', () => {
  it('puts a new line first, changes a quantity in place keeping the price and time when added, and removes', () => {
    const lines = [line(1), line(2)];
    expect(applyCartOp(lines, { kind: 'set', line: line(3) }).map((l) => l.goodsId)).toEqual([3, 1, 2]);
    const changed = applyCartOp(lines, { kind: 'set', line: { ...line(2, 4, 1), addedPrice: 1, addedAt: 99 } });
    expect(changed[1]).toEqual({ ...line(2), buyNum: 4 });
    expect(applyCartOp(lines, { kind: 'remove', goodsId: 1 })).toEqual([line(2)]);
  });

  it('keeps only the last write per goods, in the order of those last writes', () => {
    const ops = compactCartOps([
      { kind: 'set', line: line(1) },
      { kind: 'set', line: line(2) },
      { kind: 'remove', goodsId: 1 },
      { kind: 'set', line: line(2, 3) },
    ]);
    expect(ops).toEqual([
      { kind: 'remove', goodsId: 1 },
      { kind: 'set', line: line(2, 3) },
    ]);
  });

  it('turns page events into absolute writes: an add within the limit, a quantity, removals, paid quantities', () => {
    const lines = [line(1, 2), line(2)];
    expect(opsOf(lines, { type: 'cart.add', line: line(1), limit: 2 })).toEqual([{ kind: 'set', line: line(1, 2) }]);
    expect(opsOf(lines, { type: 'cart.add', line: line(3, 2) })).toEqual([{ kind: 'set', line: line(3, 2) }]);
    expect(opsOf(lines, { type: 'cart.setQuantity', goodsId: 2, buyNum: 5 })).toEqual([
      { kind: 'set', line: line(2, 5) },
    ]);
    expect(opsOf(lines, { type: 'cart.setQuantity', goodsId: 2, buyNum: 0 })).toEqual([]);
    expect(opsOf(lines, { type: 'cart.setQuantity', goodsId: 9, buyNum: 1 })).toEqual([]);
    expect(opsOf(lines, { type: 'cart.remove', goodsIds: [2, 9] })).toEqual([{ kind: 'remove', goodsId: 2 }]);
    expect(
      opsOf(lines, {
        type: 'cart.paid',
        lines: [
          { goodsId: 1, buyNum: 1 },
          { goodsId: 2, buyNum: 3 },
        ],
      }),
    ).toEqual([
      { kind: 'set', line: line(1, 1) },
      { kind: 'remove', goodsId: 2 },
    ]);
    expect(cartCount({ lines })).toBe(3);
  });
});

describe('去结算', () => {
  it('pays one order with the extension, one per goods without it, and decides after the login for a visitor', () => {
    expect(checkoutPlan({ owner: 1, where: 'server' })).toBe('oneOrder');
    expect(checkoutPlan({ owner: 1, where: 'browser' })).toBe('orderPerGoods');
    expect(checkoutPlan({ owner: null, where: 'browser' })).toBe('afterLogin');
  });

  it('names the lines of an order at a price the shopper was not shown', () => {
    const handOff = { lines: [{ goodsId: 1, gameId: 10, buyNum: 1, price: 6800 }] };
    expect(unseenPrices(handOff, [{ goodsId: 1, price: 6800 }])).toEqual([]);
    expect(
      unseenPrices(handOff, [
        { goodsId: 1, price: 5400 },
        { goodsId: 2, price: 100 },
      ]),
    ).toEqual([1, 2]);
  });

  it('hands over the chosen lines at the prices shown, emitted for the pay gate', async () => {
    const opened: CartAnswer = { lines: [line(1, 2, 5400), line(2)], where: 'server' };
    const actor = createActor(
      cartMachine.provide({
        actors: {
          openCart: fromPromise(async () => opened),
          applyOp: fromPromise(async () => opened),
        },
      }),
      { input: { owner: 7 } },
    );
    const handOffs: CartHandOffEvent[] = [];
    actor.on('cart.handOff', (event) => handOffs.push(event));
    actor.start();
    // Not read yet: nothing to hand over.
    actor.send({ type: 'cart.checkout', goodsIds: [1] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'cart.checkout', goodsIds: [1, 3] });
    expect(handOffs).toEqual([
      {
        type: 'cart.handOff',
        handOff: { owner: 7, plan: 'oneOrder', lines: [{ goodsId: 1, gameId: 10, buyNum: 2, price: 5400 }] },
      },
    ]);
    actor.stop();
  });
});
