/**
 * The inspector's recorder: an `inspect` observer for the root actor (the same
 * hook `@statelyai/inspect` uses) that keeps every actor of the system and the
 * events they received, each with the snapshot it led to. The panel
 * (./inspector-panel.tsx) reads it; `exportLog()` writes it as a session log
 * (./log-format.ts) with nothing personal in clear.
 *
 * The recorder keeps references, not copies: snapshots are immutable, so the
 * state after an event is the snapshot the actor reported for it. Masking
 * happens when something is shown or exported. Listeners hear of changes once
 * per burst (a microtask later), not once per inspection event.
 */
import type { AnyActorRef, AnyEventObject, AnyStateMachine, InspectionEvent } from 'xstate';
import { LOG_FORMAT, type LoggedEvent, type SessionLog } from './log-format';
import { maskPersonal } from './mask';

export interface RecordedActor {
  ref: AnyActorRef;
  sessionId: string;
  /** The actor ids from the root down, `app/payGate`; the root by its machine's id. */
  label: string;
  /** The machine it runs, if it runs one (not a promise or callback actor). */
  machine: AnyStateMachine | null;
  parent: RecordedActor | null;
}

export interface RecordedEvent {
  seq: number;
  /** ms since recording began */
  time: number;
  event: AnyEventObject;
  source: RecordedActor | null;
  target: RecordedActor;
  /** The target's snapshot after processing the event; undefined until it reports one. */
  snapshot: unknown;
}

export interface Recorder {
  /** Give this to `createActor(…, { inspect })`. */
  inspect: (event: InspectionEvent) => void;
  actors(): readonly RecordedActor[];
  /** Oldest first; at most `limit` of them. */
  events(): readonly RecordedEvent[];
  /** Changes every time something is recorded (for `useSyncExternalStore`). */
  version(): number;
  subscribe(listener: () => void): () => void;
  /** Whether the actor still runs: not stopped, and still a child of its running parent. */
  isRunning(actor: RecordedActor): boolean;
  /** The session as a log (./log-format.ts), masked. */
  exportLog(): SessionLog;
}

export interface RecorderOptions {
  /** ms; default `performance.now()` */
  now?: () => number;
  /** How many events are kept (oldest dropped first). Default 1000: the panel shows the last 100. */
  limit?: number;
  /** Strings to filter wherever they appear (the request token), read when masking. */
  secrets?: () => readonly (string | undefined)[];
  /** When the log says it was recorded. Default: the wall clock. */
  recordedAt?: () => Date;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' &&
  logic !== null &&
  'root' in logic &&
  typeof (logic as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function';

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const now = options.now ?? (() => performance.now());
  const limit = options.limit ?? 1000;
  const secrets = options.secrets ?? (() => []);
  const started = now();
  const actors = new Map<AnyActorRef, RecordedActor>();
  let events: RecordedEvent[] = [];
  let seq = 0;
  let version = 0;
  const listeners = new Set<() => void>();
  let notifying = false;

  const changed = () => {
    version += 1;
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      listeners.forEach((listener) => listener());
    });
  };

  const actorOf = (ref: AnyActorRef): RecordedActor => {
    const known = actors.get(ref);
    if (known) return known;
    const parentRef = (ref as { _parent?: AnyActorRef })._parent;
    const parent = parentRef ? actorOf(parentRef) : null;
    const logic = (ref as { logic?: unknown }).logic;
    const machine = isMachine(logic) ? logic : null;
    const actor: RecordedActor = {
      ref,
      sessionId: ref.sessionId,
      label: parent ? `${parent.label}/${ref.id}` : (machine?.id ?? ref.id),
      machine,
      parent,
    };
    actors.set(ref, actor);
    return actor;
  };

  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.actor') {
      actorOf(inspection.actorRef as AnyActorRef);
      changed();
    } else if (inspection.type === '@xstate.event') {
      seq += 1;
      events.push({
        seq,
        time: Math.round(now() - started),
        event: inspection.event,
        source: inspection.sourceRef ? actorOf(inspection.sourceRef as AnyActorRef) : null,
        target: actorOf(inspection.actorRef as AnyActorRef),
        snapshot: undefined,
      });
      if (events.length > limit) events = events.slice(events.length - limit);
      changed();
    } else if (inspection.type === '@xstate.snapshot') {
      const target = actorOf(inspection.actorRef as AnyActorRef);
      for (let i = events.length - 1; i >= 0; i -= 1) {
        const entry = events[i];
        if (entry && entry.target === target && entry.event === inspection.event && entry.snapshot === undefined) {
          entry.snapshot = inspection.snapshot;
          break;
        }
      }
      changed();
    }
  };

  const isRunning = (actor: RecordedActor): boolean => {
    // A stopped actor keeps its last snapshot's status; XState marks it stopped only in `_processingStatus` (2).
    const snapshot = actor.ref.getSnapshot() as { status?: string } | undefined;
    if ((actor.ref as { _processingStatus?: number })._processingStatus === 2 || snapshot?.status !== 'active')
      return false;
    if (!actor.parent) return true;
    const siblings =
      (actor.parent.ref.getSnapshot() as { children?: Record<string, unknown> } | undefined)?.children ?? {};
    return isRunning(actor.parent) && Object.values(siblings).includes(actor.ref);
  };

  return {
    inspect,
    actors: () => [...actors.values()],
    events: () => events,
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isRunning,
    exportLog: () => ({
      format: LOG_FORMAT,
      version: 1,
      recordedAt: (options.recordedAt?.() ?? new Date()).toISOString(),
      actors: [...actors.values()].map((a) => ({
        sessionId: a.sessionId,
        label: a.label,
        machine: a.machine?.id ?? null,
        parent: a.parent?.sessionId ?? null,
      })),
      events: events.map((e) => ({
        seq: e.seq,
        time: e.time,
        event: maskPersonal(e.event, secrets()) as LoggedEvent['event'],
        source: e.source?.sessionId ?? null,
        target: e.target.sessionId,
        after: describeSnapshot(e.snapshot, secrets()) as LoggedEvent['after'],
      })),
    }),
  };
}

/** What the panel shows of a snapshot: its status, state value and context, masked. */
export function describeSnapshot(snapshot: unknown, secrets: readonly (string | undefined)[] = []): unknown {
  if (snapshot === undefined || snapshot === null || typeof snapshot !== 'object') return null;
  const { status, value, context, output } = snapshot as Record<string, unknown>;
  return maskPersonal({ status, value, context, ...(output !== undefined ? { output } : {}) }, secrets);
}
