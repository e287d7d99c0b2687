/**
 * Modal orchestration: which on-demand modals are open, in which order, and
 * whether one is being loaded right now.
 *
 * States: `idle` (nothing loading; zero or more modals open) and `opening`
 * (tag `modal:opening`: the requested modal's code is being fetched by the
 * invoked `loadModal` actor). A successful load pushes the modal on top of
 * `context.stack` (topmost last) and returns to `idle`; a failed load returns
 * to `idle`, reports the failure through `reportLoadFailure` and opens nothing.
 *
 * Invariants: every name in `stack` is a known modal and appears at most once;
 * `pending` is set exactly while in `opening`. Modals stack (login over pay).
 * `modal.open` is ignored while another open is in progress, for an unknown
 * name, or for a modal that is already open (spec section 4). `modal.close`
 * removes that modal wherever it sits in the stack, or cancels its load if it
 * is the one being opened. `modal.closeAll` empties the stack and cancels a
 * load in progress.
 *
 * Not handled here: what a modal shows or does, the pay gating that decides
 * whether `pay` or `realName` opens, the 300 ms delay before closing everything
 * on an expired login (the session flow sends `modal.closeAll` itself), and
 * rendering: the UI reads `stack` through `openModals()` / `topModal()` /
 * `isModalOpen()` below and renders the components the app already loaded.
 */
import { and, assign, fromPromise, not, setup } from 'xstate';

export const MODAL_NAMES = ['login', 'autoLogin', 'pay', 'paySuccess', 'realName', 'coupon', 'refund'] as const;
export type ModalName = (typeof MODAL_NAMES)[number];
export type ModalProps = Readonly<Record<string, unknown>>;

export interface OpenModal {
  name: ModalName;
  props?: ModalProps;
}

export interface ModalContext {
  /** Open modals, bottom first; the last one is on top. */
  stack: readonly OpenModal[];
  /** The modal being loaded while in `opening`, otherwise null. */
  pending: OpenModal | null;
}

export type ModalEvent =
  /** `name` is a plain string on purpose: unknown names are a runtime case the machine ignores. */
  | { type: 'modal.open'; name: string; props?: ModalProps }
  | { type: 'modal.close'; name: string }
  | { type: 'modal.closeAll' };

export function isModalName(name: unknown): name is ModalName {
  return typeof name === 'string' && (MODAL_NAMES as readonly string[]).includes(name);
}

function requirePending(context: ModalContext): OpenModal {
  // Only reachable if `opening` were entered without `assignPending`, which the chart rules out.
  if (!context.pending) throw new Error('modal machine: no pending modal while opening');
  return context.pending;
}

function stackHas(context: ModalContext, name: string): boolean {
  return context.stack.some((modal) => modal.name === name);
}

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
    assignPending: assign({
      pending: ({ event }) => (event.type === 'modal.open' && isModalName(event.name) ? { name: event.name, props: event.props } : null),
    }),
    pushPending: assign({
      stack: ({ context }) => [...context.stack, requirePending(context)],
      pending: null,
    }),
    clearPending: assign({ pending: null }),
    removeModal: assign({
      stack: ({ context, event }) => (event.type === 'modal.close' ? context.stack.filter((modal) => modal.name !== event.name) : context.stack),
    }),
    clearAll: assign({ stack: [], pending: null }),
    /** The app reports the failed load (error tracking, a toast); the machine only declares it. */
    reportLoadFailure: (_, _params: { name: ModalName; error: unknown }) => {},
  },
  guards: {
    isKnownModal: ({ event }) => event.type === 'modal.open' && isModalName(event.name),
    isAlreadyOpen: ({ context, event }) => event.type === 'modal.open' && stackHas(context, event.name),
    isModalOpen: ({ context, event }) => event.type === 'modal.close' && stackHas(context, event.name),
    isPendingModal: ({ context, event }) => event.type === 'modal.close' && context.pending?.name === event.name,
    canOpen: and(['isKnownModal', not('isAlreadyOpen')]),
  },
}).createMachine({
  id: 'modal',
  context: { stack: [], pending: null },
  initial: 'idle',
  on: {
    'modal.close': { guard: 'isModalOpen', actions: 'removeModal' },
    'modal.closeAll': { target: '.idle', actions: 'clearAll' },
  },
  states: {
    idle: {
      on: {
        'modal.open': {
          guard: 'canOpen',
          target: 'opening',
          actions: 'assignPending',
        },
      },
    },
    opening: {
      tags: ['modal:opening'],
      invoke: {
        id: 'loadModal',
        src: 'loadModal',
        input: ({ context }) => requirePending(context).name,
        onDone: { target: 'idle', actions: 'pushPending' },
        onError: {
          target: 'idle',
          actions: [
            { type: 'reportLoadFailure', params: ({ context, event }) => ({ name: requirePending(context).name, error: event.error }) },
            'clearPending',
          ],
        },
      },
      on: {
        // `modal.open` has no handler here: an open in progress makes every other open a no-op.
        'modal.close': { guard: 'isPendingModal', target: 'idle', actions: 'clearPending' },
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

export function isModalOpen(snapshot: HasModalContext, name: ModalName): boolean {
  return stackHas(snapshot.context, name);
}

/** The modal on top of the stack (the one that gets Escape and focus), if any. */
export function topModal(snapshot: HasModalContext): OpenModal | undefined {
  return snapshot.context.stack.at(-1);
}

/** Whether a modal's code is being loaded (tag `modal:opening`). */
export function isOpeningModal(snapshot: { hasTag(tag: 'modal:opening'): boolean }): boolean {
  return snapshot.hasTag('modal:opening');
}
