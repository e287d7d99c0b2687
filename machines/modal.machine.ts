/**
 * Modal orchestration: which on-demand modals are open, in which order, which one loads, and which
 * opens wait. Every open has a source, `user`, `flow` or `promo` (docs/decisions/0011-modal-priorities.md).
 *
 * Invariants: every name in `stack`, `pending`, `waiting` and `promo` is known and appears once;
 * `pending` is set exactly in `opening`; a promo never drops a user or flow open nor opens over another
 * dialog (it waits in `promo`) and is always answered (`promoShown` or `promoDropped`); a gesture while
 * a gesture's dialog loads is ignored (a double click opens one dialog); other opens wait in `waiting`.
 *
 * Not here: what a modal shows, pay gating, the 300 ms before the expiry prompt (the session sends
 * `modal.closeAll`), rendering (the UI reads `openModals()` / `topModal()` / `isModalOpen()` below).
 */
import { and, assign, fromPromise, not, sendParent, setup } from 'xstate';

const MODAL_NAMES = ['login', 'autoLogin', 'pay', 'paySuccess', 'realName', 'coupon', 'refund'] as const;
export type ModalName = (typeof MODAL_NAMES)[number];
/** @internal */
export type ModalProps = Readonly<Record<string, unknown>>;

/** Who asked for a dialog: the shopper's gesture, one of the app's flows, or a marketing popup nobody asked for. */
type ModalSource = 'user' | 'flow' | 'promo';

export interface OpenModal {
  name: ModalName;
  props?: ModalProps;
  source: ModalSource;
}

export interface ModalContext {
  /** Open modals, bottom first; the last one is on top. */
  stack: readonly OpenModal[];
  /** The modal being loaded while in `opening`, otherwise null. */
  pending: OpenModal | null;
  /** `user` / `flow` opens that came while the other source's open was loading; they open in order, on top. */
  waiting: readonly OpenModal[];
  /** A promo waiting for a free slot (nothing open, loading or waiting). */
  promo: OpenModal | null;
}

export type ModalEvent =
  /** `name` is a plain string on purpose: unknown names are a runtime case the machine ignores. */
  | { type: 'modal.open'; name: string; props?: ModalProps; source: ModalSource }
  | { type: 'modal.close'; name: string }
  | { type: 'modal.closeAll' };

function isModalName(name: unknown): name is ModalName {
  return typeof name === 'string' && (MODAL_NAMES as readonly string[]).includes(name);
}

function requirePending(context: ModalContext): OpenModal {
  // Only reachable if `opening` were entered without a pending modal, which the chart rules out.
  if (!context.pending) throw new Error('modal machine: no pending modal while opening');
  return context.pending;
}

function fromEvent(event: ModalEvent): OpenModal | null {
  if (event.type !== 'modal.open' || !isModalName(event.name)) return null;
  return event.props === undefined
    ? { name: event.name, source: event.source }
    : { name: event.name, props: event.props, source: event.source };
}

/** Whether `name` is open, loading, waiting or queued as the promo. */
function isKnownHere(context: ModalContext, name: string): boolean {
  return (
    context.stack.some((modal) => modal.name === name) ||
    context.pending?.name === name ||
    context.waiting.some((modal) => modal.name === name) ||
    context.promo?.name === name
  );
}

const eventName = (event: ModalEvent): string | null => (event.type === 'modal.closeAll' ? null : event.name);

export const modalMachine = setup({
  types: {} as {
    context: ModalContext;
    events: ModalEvent;
    tags: 'modal:opening';
  },
  actors: {
    /** Loads the modal's component; the app provides a dynamic import. Its output is not kept. */
    loadModal: fromPromise<unknown, ModalName>(async ({ input }) => {
      throw new Error(`loadModal(${input}) is supplied by the app through modalMachine.provide()`);
    }),
  },
  actions: {
    assignPending: assign({ pending: ({ event }) => fromEvent(event) }),
    pushPending: assign({
      stack: ({ context }) => [...context.stack, requirePending(context)],
      pending: null,
    }),
    clearPending: assign({ pending: null }),
    /** The open that came while the other source's load ran: it opens on top once that load settles. */
    enqueueWaiting: assign({
      waiting: ({ context, event }) => {
        const modal = fromEvent(event);
        return modal ? [...context.waiting, modal] : context.waiting;
      },
    }),
    openNextWaiting: assign({
      pending: ({ context }) => context.waiting[0] ?? null,
      waiting: ({ context }) => context.waiting.slice(1),
    }),
    queuePromo: assign({ promo: ({ event }) => fromEvent(event) }),
    openPromo: assign({ pending: ({ context }) => context.promo, promo: null }),
    /** A user or flow open takes the slot of the promo being loaded; the promo waits again. */
    preemptPromo: assign({ promo: ({ context }) => context.pending, pending: ({ event }) => fromEvent(event) }),
    removeModal: assign({
      stack: ({ context, event }) => context.stack.filter((modal) => modal.name !== eventName(event)),
      waiting: ({ context, event }) => context.waiting.filter((modal) => modal.name !== eventName(event)),
    }),
    clearPromo: assign({ promo: null }),
    clearAll: assign({ stack: [], pending: null, waiting: [], promo: null }),
    /** The app reports the failed load (error tracking, a toast); the machine only declares it. */
    reportLoadFailure: (_, _params: { name: ModalName; error: unknown }) => {},
    /** The promo is on screen: the root tells its flow, which records it as shown today. */
    promoShown: sendParent((_, params: { name: ModalName }) => ({ type: 'modal.promoShown', name: params.name })),
    /** The promo will not be shown on this page view: the root tells its flow, which records nothing. */
    promoDropped: sendParent((_, params: { name: ModalName }) => ({ type: 'modal.promoDropped', name: params.name })),
  },
  guards: {
    isKnownModal: ({ event }) => event.type === 'modal.open' && isModalName(event.name),
    /** Open, loading, waiting or queued already: a second open of it changes nothing. */
    isAlreadyThere: ({ context, event }) => event.type === 'modal.open' && isKnownHere(context, event.name),
    canOpen: and(['isKnownModal', not('isAlreadyThere')]),
    isPromoOpen: ({ event }) => event.type === 'modal.open' && event.source === 'promo',
    /** Something is open or waiting: a promo must not go on top of it. */
    isSlotTaken: ({ context }) => context.stack.length > 0 || context.waiting.length > 0,
    isLoadingPromo: ({ context }) => context.pending?.source === 'promo',
    /** A second gesture while the first one's dialog loads (a double click): the spec's rule ignores it. */
    isRepeatedGesture: ({ context, event }) =>
      event.type === 'modal.open' && event.source === 'user' && context.pending?.source === 'user',
    /** A promo for a dialog that is already open, loading or queued: it will not open again, and says so. */
    isPromoAlreadyThere: and(['isPromoOpen', 'isKnownModal', 'isAlreadyThere']),
    hasWaiting: ({ context }) => context.waiting.length > 0,
    /** A queued promo and a free slot: nothing open and nothing waiting (`idle` loads nothing). */
    canShowPromo: ({ context }) => context.promo !== null && context.stack.length === 0 && context.waiting.length === 0,
    isModalOpen: ({ context, event }) =>
      event.type === 'modal.close' && context.stack.some((modal) => modal.name === event.name),
    isWaiting: ({ context, event }) =>
      event.type === 'modal.close' && context.waiting.some((modal) => modal.name === event.name),
    isQueuedPromo: ({ context, event }) => event.type === 'modal.close' && context.promo?.name === event.name,
    isPendingModal: ({ context, event }) => event.type === 'modal.close' && context.pending?.name === event.name,
    hasPromo: ({ context }) => context.promo !== null,
  },
}).createMachine({
  id: 'modal',
  context: { stack: [], pending: null, waiting: [], promo: null },
  initial: 'idle',
  on: {
    'modal.close': [
      { guard: 'isModalOpen', actions: 'removeModal' },
      { guard: 'isWaiting', actions: 'removeModal' },
      {
        guard: 'isQueuedPromo',
        actions: [{ type: 'promoDropped', params: ({ context }) => ({ name: context.promo!.name }) }, 'clearPromo'],
      },
    ],
    'modal.closeAll': [
      {
        guard: 'hasPromo',
        target: '.idle',
        actions: [{ type: 'promoDropped', params: ({ context }) => ({ name: context.promo!.name }) }, 'clearAll'],
      },
      { target: '.idle', actions: 'clearAll' },
    ],
  },
  states: {
    idle: {
      always: [
        { guard: 'hasWaiting', target: 'opening', actions: 'openNextWaiting' },
        { guard: 'canShowPromo', target: 'opening', actions: 'openPromo' },
      ],
      on: {
        'modal.open': [
          {
            guard: 'isPromoAlreadyThere',
            actions: { type: 'promoDropped', params: ({ event }) => ({ name: event.name as ModalName }) },
          },
          { guard: not('canOpen') },
          { guard: and(['isPromoOpen', 'isSlotTaken']), actions: 'queuePromo' },
          { target: 'opening', actions: 'assignPending' },
        ],
      },
    },
    opening: {
      tags: ['modal:opening'],
      invoke: {
        id: 'loadModal',
        src: 'loadModal',
        input: ({ context }) => requirePending(context).name,
        onDone: [
          {
            guard: 'isLoadingPromo',
            target: 'idle',
            actions: [
              { type: 'promoShown', params: ({ context }) => ({ name: requirePending(context).name }) },
              'pushPending',
            ],
          },
          { target: 'idle', actions: 'pushPending' },
        ],
        onError: [
          {
            guard: 'isLoadingPromo',
            target: 'idle',
            actions: [
              {
                type: 'reportLoadFailure',
                params: ({ context, event }) => ({ name: requirePending(context).name, error: event.error }),
              },
              { type: 'promoDropped', params: ({ context }) => ({ name: requirePending(context).name }) },
              'clearPending',
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'reportLoadFailure',
                params: ({ context, event }) => ({ name: requirePending(context).name, error: event.error }),
              },
              'clearPending',
            ],
          },
        ],
      },
      on: {
        'modal.open': [
          {
            guard: 'isPromoAlreadyThere',
            actions: { type: 'promoDropped', params: ({ event }) => ({ name: event.name as ModalName }) },
          },
          { guard: not('canOpen') },
          // A promo never jumps the queue: it waits for a free slot.
          { guard: 'isPromoOpen', actions: 'queuePromo' },
          // The shopper's (or a flow's) dialog takes the slot of a promo being loaded, at once.
          { guard: 'isLoadingPromo', target: 'opening', reenter: true, actions: 'preemptPromo' },
          // The spec's rule, kept for the shopper's gestures: a double click opens one dialog.
          { guard: 'isRepeatedGesture' },
          // Any other open waits its turn and opens on top: a flow never loses the dialog it waits on.
          { actions: 'enqueueWaiting' },
        ],
        // Closes of anything else, and a `modal.closeAll` without a promo loading, fall through to the root.
        'modal.close': [
          {
            guard: and(['isPendingModal', 'isLoadingPromo']),
            target: 'idle',
            actions: [
              { type: 'promoDropped', params: ({ context }) => ({ name: requirePending(context).name }) },
              'clearPending',
            ],
          },
          { guard: 'isPendingModal', target: 'idle', actions: 'clearPending' },
        ],
        'modal.closeAll': {
          guard: 'isLoadingPromo',
          target: 'idle',
          actions: [
            { type: 'promoDropped', params: ({ context }) => ({ name: requirePending(context).name }) },
            'clearAll',
          ],
        },
      },
    },
  },
});

/** Anything carrying the modal machine's context: its snapshot, or a test double. */
interface HasModalContext {
  context: ModalContext;
}

export function openModals(snapshot: HasModalContext): readonly OpenModal[] {
  return snapshot.context.stack;
}

/** @internal */
export function isModalOpen(snapshot: HasModalContext, name: ModalName): boolean {
  return snapshot.context.stack.some((modal) => modal.name === name);
}

/**
 * The modal on top of the stack (the one that gets Escape and focus), if any.
 * @internal
 */
export function topModal(snapshot: HasModalContext): OpenModal | undefined {
  return snapshot.context.stack.at(-1);
}

/**
 * Whether a modal's code is being loaded (tag `modal:opening`).
 * @internal
 */
export function isOpeningModal(snapshot: { hasTag(tag: 'modal:opening'): boolean }): boolean {
  return snapshot.hasTag('modal:opening');
}
