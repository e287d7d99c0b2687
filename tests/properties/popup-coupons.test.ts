// @vitest-environment node
/**
 * The first order's coupon (docs/marketing.md, "Daily coupon popup"): a coupon the account holds is always offered by an open pay dialog, whatever the
 * order of the login, the daily popup and the pay dialog.
 *
 * The REAL popup machine (machines/coupon-popup.machine.ts) with its calls answered by the test; the pay
 * dialog as it behaves (src/features/buying/pay-editor.tsx): it asks the matching owner (here the
 * account's holdings at the moment of asking) when it opens, and again whenever `onPopupCoupons` calls
 * back. The server hands a new account its coupons with the popup's first answer and lists them in every
 * later one, as the simulated backend does (an answer the store dropped, after a logout and a login, must
 * not hide them: the first version of this property found that).
 *
 * Commands, in any order: log in as a new account A or B, log out, the popup's pending answer arrives
 * (coupons for the account it was asked for), the popup is shown or dropped by the modal slot, the pay
 * dialog opens or closes. Property: after every command, once the popup's calls for its account have
 * answered, an open pay dialog offers every coupon that account holds.
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> npx vitest run tests/properties/popup-coupons.test.ts
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { couponPopupMachine, type PopupCheck } from '../../machines/coupon-popup.machine';
import type { Coupon } from '../../src/api/common';
import { onPopupCoupons } from '../../src/features/buying/popup-coupons';

const SEED = Number(process.env.FC_SEED ?? 20261128);
const RUNS = Number(process.env.FC_RUNS ?? 200);

const coupon = (couponId: string): Coupon => ({
  couponId,
  title: couponId,
  amount: 500,
  threshold: 0,
  startTime: 0,
  expireTime: 1e13,
  status: 'available',
  gameIds: [],
  description: '',
});

type Command =
  | { kind: 'login'; userId: 1 | 2 }
  | { kind: 'logout' }
  | { kind: 'answer' }
  | { kind: 'shown' }
  | { kind: 'dropped' }
  | { kind: 'openPay' }
  | { kind: 'closePay' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.constantFrom<Command>({ kind: 'login', userId: 1 }, { kind: 'login', userId: 2 }, { kind: 'logout' }),
  fc.constantFrom<Command>({ kind: 'answer' }, { kind: 'shown' }, { kind: 'dropped' }),
  fc.constantFrom<Command>({ kind: 'openPay' }, { kind: 'closePay' }),
);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

class World {
  /** what each account holds on the server */
  held = new Map<number, Set<string>>();
  /** whether the server has handed the account its new-user coupons */
  granted = new Set<number>();
  userId: number | null = null;
  pending: { userId: number | null; resolve: (coupons: Coupon[]) => void }[] = [];
  pay: { userId: number; offered: Set<string>; stop: () => void } | null = null;
  popup: Actor<typeof couponPopupMachine>;
  seq = 0;

  constructor() {
    this.popup = createActor(
      couponPopupMachine.provide({
        actors: {
          checkPopupDue: fromPromise<PopupCheck>(async () => ({ userId: this.userId, day: '2026-11-28', due: true })),
          fetchPopup: fromPromise<Coupon[]>(
            () => new Promise((resolve) => this.pending.push({ userId: this.userId, resolve })),
          ),
        },
        actions: {
          openCouponModal: () => undefined,
          withdrawCouponModal: () => undefined,
          recordShown: () => undefined,
        },
      }),
    ).start();
  }

  /** The matching owner: what the account holds now. */
  match(userId: number): Set<string> {
    return new Set(this.held.get(userId) ?? []);
  }

  async run(command: Command): Promise<void> {
    switch (command.kind) {
      case 'login':
        if (this.userId === command.userId) return;
        this.closePay();
        this.userId = command.userId;
        this.popup.send({ type: 'session.changed', user: { userId: command.userId } });
        break;
      case 'logout':
        this.closePay();
        this.userId = null;
        this.popup.send({ type: 'session.changed', user: null });
        break;
      case 'answer': {
        const call = this.pending.shift();
        if (!call) return;
        if (call.userId !== null && !this.granted.has(call.userId)) {
          // The server hands a new account its coupons with its first answer…
          this.granted.add(call.userId);
          this.held.set(call.userId, new Set([`c${(this.seq += 1)}`, `c${(this.seq += 1)}`]));
        }
        // …and lists them in every answer while the account is new (src/mock/handlers/routes-user.ts).
        call.resolve(call.userId === null ? [] : [...(this.held.get(call.userId) ?? [])].map(coupon));
        break;
      }
      case 'shown':
        this.popup.send({ type: 'modal.promoShown', name: 'coupon' });
        break;
      case 'dropped':
        this.popup.send({ type: 'modal.promoDropped', name: 'coupon' });
        break;
      case 'openPay': {
        if (this.userId === null || this.pay) return;
        const userId = this.userId;
        const pay: { userId: number; offered: Set<string>; stop: () => void } = {
          userId,
          offered: this.match(userId),
          stop: () => undefined,
        };
        pay.stop = onPopupCoupons(this.popup, () => {
          pay.offered = this.match(userId);
        });
        this.pay = pay;
        break;
      }
      case 'closePay':
        this.closePay();
        break;
    }
    await settle();
  }

  closePay(): void {
    this.pay?.stop();
    this.pay = null;
  }

  check(): void {
    // While a popup call for the account is unanswered its coupons may be on their way: the dialog learns of
    // them with that answer. Checked once every call for the account has answered.
    if (!this.pay || this.pending.some((call) => call.userId === this.pay?.userId)) return;
    for (const held of this.held.get(this.pay.userId) ?? [])
      expect(this.pay.offered.has(held), `coupon ${held} of account ${this.pay.userId}`).toBe(true);
  }
}

describe('coupons a login earns, across interleavings of login, popup and pay dialog', () => {
  it('an open pay dialog always offers every coupon its account holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 25 }), async (commands) => {
        const world = new World();
        await settle();
        try {
          for (const command of commands) {
            await world.run(command);
            if (process.env.FC_DEBUG)
              console.log(
                JSON.stringify(command),
                world.userId,
                world.pending.length,
                [...(world.held.get(1) ?? [])],
                world.pay && [...world.pay.offered],
                world.popup.getSnapshot().value,
              );
            world.check();
          }
        } finally {
          world.closePay();
          world.popup.stop();
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
