/**
 * The inspector's session log: what "导出本次会话" writes and
 * `npm run paths -- <machine> --from <log.json>` reads (docs/model-testing.md,
 * "From a recorded session to a test"). Plain JSON, personal data already
 * masked (./mask.ts):
 *
 * - `actors`: every actor of the root system seen in the session, with its
 *   label (`app/payGate`: the ids from the root down), its machine's id (null
 *   for a promise or callback actor) and its parent;
 * - `events`: in the order the actors received them, each with the time (ms
 *   since recording began), the source actor (null: from outside the system,
 *   e.g. the UI) and the target, and the target's state after it (`after`).
 */
export const LOG_FORMAT = 'storefront-inspector-log';

interface LoggedActor {
  sessionId: string;
  /** `app/payGate`: the actor ids from the root down. */
  label: string;
  /** The machine's id; null for a promise or callback actor. */
  machine: string | null;
  /** The parent's sessionId; null for the root. */
  parent: string | null;
}

export interface LoggedEvent {
  seq: number;
  /** ms since recording began */
  time: number;
  event: { type: string; [key: string]: unknown };
  /** The sender's sessionId; null: from outside the system (the UI, the router). */
  source: string | null;
  target: string;
  /** The target's state after the event; null if it reported none. */
  after: { status: string; value: unknown; context: unknown; [key: string]: unknown } | null;
}

export interface SessionLog {
  format: typeof LOG_FORMAT;
  version: 1;
  recordedAt: string;
  actors: LoggedActor[];
  events: LoggedEvent[];
}

interface RecordedPath {
  machine: string;
  /** The actor whose events these are (`app/payGate`). */
  actor: string;
  /** What the actor received after it started, in order. */
  steps: { event: { type: string; [key: string]: unknown }; value: unknown }[];
}

/**
 * The events one actor of `machine` received, each with the state it was in after: the path a replay
 * sends to a fresh actor of that machine. `actor` picks one by label when the session ran several.
 * @internal
 */
export function recordedPath(log: SessionLog, machine: string, actor?: string): RecordedPath {
  const candidates = log.actors.filter((a) => a.machine === machine && (actor === undefined || a.label === actor));
  const received = (a: LoggedActor) => log.events.filter((e) => e.target === a.sessionId);
  const chosen = candidates.find((a) => received(a).length > 0);
  if (!chosen) {
    const machines = [...new Set(log.actors.map((a) => a.machine).filter((m): m is string => m !== null))];
    throw new Error(
      `The log has no events of a "${machine}" actor${actor ? ` labelled "${actor}"` : ''} (machines in it: ${machines.join(', ') || 'none'})`,
    );
  }
  const steps = received(chosen)
    .filter((e) => e.event.type !== 'xstate.init' && e.event.type !== 'xstate.stop')
    .map((e) => ({ event: e.event, value: e.after?.value ?? null }));
  return { machine, actor: chosen.label, steps };
}
