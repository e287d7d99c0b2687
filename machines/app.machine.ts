/**
 * The root of the one actor system: it owns the long-lived flows as child
 * actors and is the single address the UI, the router and the HTTP layer send
 * events to.
 *
 * Children: `modal` (modal orchestration, systemId `modal`) and `couponPopup`
 * (the daily coupon popup, systemId `couponPopup`, started after `modal`) live
 * as long as the app; `buildPoll` (build check, systemId `buildPoll`, input
 * `{ currentBuildId }` from the app's `buildId`) lives in `running`. The app
 * forwards `modal.*` events to `modal` and `navigation.requested`,
 * `app.offline`, `app.online`, `payment.started`, `payment.ended` to
 * `buildPoll`, and `session.changed` to `couponPopup` (whose `modal.open` for
 * the `coupon` modal comes back here as a parent event). When `buildPoll`
 * finishes (it has started a full page load) the app moves to `reloading`
 * (tag `app:reloading`) and stops forwarding to it; modals keep working until
 * the page goes away.
 *
 * Invariants: one system per page, created by `createRootActor()` in
 * src/app/root-actor.ts at start, never at import; children are reached for
 * reading with `actor.system.get('<systemId>')` and written to only through
 * this machine, so the set of senders stays small and typed.
 *
 * Not handled here: the flows themselves (see each child's chart) and the
 * effects, which the app provides to the children with `.provide()`.
 */
import { forwardTo, setup } from 'xstate';
import { buildPollMachine, type BuildPollEvent } from './build-poll.machine';
import { couponPopupMachine, type CouponPopupEvent } from './coupon-popup.machine';
import { modalMachine, type ModalEvent } from './modal.machine';

export interface AppInput {
  /** The id of the build this page runs (compared with builds/latest.json). */
  buildId: string;
}

export interface AppContext {
  buildId: string;
}

export type AppEvent = ModalEvent | BuildPollEvent | CouponPopupEvent;

export const appMachine = setup({
  types: {} as {
    context: AppContext;
    events: AppEvent;
    input: AppInput;
    children: { modal: 'modal'; buildPoll: 'buildPoll'; couponPopup: 'couponPopup' };
    tags: 'app:reloading';
  },
  actors: {
    modal: modalMachine,
    buildPoll: buildPollMachine,
    couponPopup: couponPopupMachine,
  },
  actions: {
    forwardToModal: forwardTo('modal'),
    forwardToBuildPoll: forwardTo('buildPoll'),
    forwardToCouponPopup: forwardTo('couponPopup'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ buildId: input.buildId }),
  invoke: [
    {
      id: 'modal',
      systemId: 'modal',
      src: 'modal',
    },
    {
      id: 'couponPopup',
      systemId: 'couponPopup',
      src: 'couponPopup',
    },
  ],
  on: {
    'modal.open': { actions: 'forwardToModal' },
    'modal.close': { actions: 'forwardToModal' },
    'modal.closeAll': { actions: 'forwardToModal' },
    'session.changed': { actions: 'forwardToCouponPopup' },
  },
  initial: 'running',
  states: {
    running: {
      invoke: {
        id: 'buildPoll',
        systemId: 'buildPoll',
        src: 'buildPoll',
        input: ({ context }) => ({ currentBuildId: context.buildId }),
        onDone: { target: 'reloading' },
      },
      on: {
        'navigation.requested': { actions: 'forwardToBuildPoll' },
        'app.offline': { actions: 'forwardToBuildPoll' },
        'app.online': { actions: 'forwardToBuildPoll' },
        'payment.started': { actions: 'forwardToBuildPoll' },
        'payment.ended': { actions: 'forwardToBuildPoll' },
      },
    },
    reloading: {
      tags: ['app:reloading'],
    },
  },
});
