// @vitest-environment node
/**
 * Property test of the app machine's `cart` region (machines/cart-door.ts, docs/cart.md "What it costs") over random
 * interleavings of what can happen while the cart's code loads: the shopper's `cart.*` events, logins and logouts
 * (the session child's account changes), `cart.load`, and the loader answering (its code arrived, or failed).
 *
 * The app machine is the real one; its other children are inert, the session is a fake that holds the account it
 * was last told of, and the loaded cart is a recorder. What must hold at every step and at the end:
 * - the cart runs only once a load succeeded, is opened once, for the account holding the tab at that moment;
 * - it hears, in order and once each, the events kept for that account since the last failed load, then every
 *   event sent after it opened; nothing kept for another account or a visitor who left, nothing kept before a
 *   failed load;
 * - a failed load leaves nothing kept, and the next `cart.*` or `cart.load` asks again.
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> npx vitest run tests/properties/cart-door.test.ts
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup, type AnyActorLogic } from 'xstate';
import { appMachine } from '../../machines/app.machine';

const SEED = Number(process.env.FC_SEED ?? 20261203);
const RUNS = Number(process.env.FC_RUNS ?? 300);

// (Cast: each slot is typed as its real machine; these stand-ins take every event and do nothing.)
const inert = createMachine({}) as never;

/** The session child as the cart region reads it: the account it was last told of. */
const fakeSession = setup({
  types: {} as { context: { user: { userId: number } | null } },
}).createMachine({
  context: { user: null },
  on: {
    'session.login': {
      actions: assign({ user: ({ event }) => (event as unknown as { user: { userId: number } }).user }),
    },
    'session.logout': { actions: assign({ user: null }) },
  },
});

/** The loaded cart: records its input and every event it hears. */
const recordingCart = setup({
  types: {} as {
    context: { owner: number | null; heard: number[] };
    input: { owner: number | null };
    events: { type: 'cart.setQuantity'; goodsId: number; buyNum: number };
  },
}).createMachine({
  context: ({ input }) => ({ owner: input.owner, heard: [] }),
  on: { 'cart.setQuantity': { actions: assign({ heard: ({ context, event }) => [...context.heard, event.goodsId] }) } },
});

type Step =
  | { kind: 'event' }
  | { kind: 'login'; userId: number }
  | { kind: 'logout' }
  | { kind: 'load' }
  | { kind: 'answer'; ok: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Step>({ kind: 'event' }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 2 }).map((userId): Step => ({ kind: 'login', userId })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'logout' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'load' }) },
  { weight: 2, arbitrary: fc.boolean().map((ok): Step => ({ kind: 'answer', ok })) },
);

/** One run: the real region, and what the steps say it must have done. */
async function run(steps: readonly Step[]): Promise<void> {
  const loads: { resolve: (logic: AnyActorLogic) => void; reject: (error: Error) => void }[] = [];
  const machine = appMachine.provide({
    actors: {
      modal: inert,
      buildPoll: inert,
      couponPopup: inert,
      wishlist: inert,
      autoLogin: inert,
      session: fakeSession as never,
      startAttribution: fromPromise<void>(async () => {}),
      loadFlows: fromPromise(() => new Promise(() => {})) as never,
      loadCart: fromPromise(
        () => new Promise<AnyActorLogic>((resolve, reject) => loads.push({ resolve, reject })),
      ) as never,
    },
  });
  const actor = createActor(machine, { input: { buildId: 'b' } });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  // The expectation, kept alongside.
  let account: number | null = null;
  let kept: { owner: number | null; id: number }[] = [];
  let opened: { owner: number | null; heard: number[] } | null = null;
  let asked = false;
  let next = 0;
  const trace: string[] = [];

  const check = () => {
    const cart = actor.getSnapshot().children.cart as
      | { getSnapshot(): { context: { owner: number | null; heard: number[] } } }
      | undefined;
    const where = `after ${trace.join(', ')}`;
    if (!opened) expect(cart, where).toBeUndefined();
    else {
      expect(cart, where).toBeDefined();
      expect(cart!.getSnapshot().context, where).toEqual(opened);
    }
    if (!opened)
      expect(
        actor.getSnapshot().context.pendingCart.map((p) => p.event),
        where,
      ).toHaveLength(kept.length);
  };

  for (const step of steps) {
    switch (step.kind) {
      case 'event': {
        const id = (next += 1);
        trace.push(`event ${id}`);
        actor.send({ type: 'cart.setQuantity', goodsId: id, buyNum: 1 });
        if (opened) opened.heard.push(id);
        else {
          kept.push({ owner: account, id });
          asked = true;
        }
        break;
      }
      case 'login':
        trace.push(`login ${step.userId}`);
        actor.send({ type: 'session.login', user: { userId: step.userId } } as never);
        account = step.userId;
        break;
      case 'logout':
        trace.push('logout');
        actor.send({ type: 'session.logout' } as never);
        account = null;
        break;
      case 'load':
        trace.push('load');
        actor.send({ type: 'cart.load' });
        if (!opened) asked = true;
        break;
      case 'answer': {
        const load = loads.shift();
        if (!load) break;
        trace.push(step.ok ? 'loaded' : 'failed');
        if (step.ok) {
          load.resolve(recordingCart);
          await settle();
          opened = { owner: account, heard: kept.filter((k) => k.owner === account).map((k) => k.id) };
        } else {
          load.reject(new Error('chunk failed'));
          await settle();
          kept = [];
        }
        asked = false;
        break;
      }
    }
    await settle();
    check();
    // A load is asked for exactly while the region waits for one.
    expect(loads.length, `after ${trace.join(', ')}`).toBe(!opened && asked ? 1 : 0);
  }
  actor.stop();
}

describe('the cart region while the cart’s code loads', () => {
  it('opens once, for the account holding the tab, and delivers each kept event to that account only, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 30 }), (steps) => run(steps)),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
