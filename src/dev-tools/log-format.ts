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
import * as z from 'zod/mini';

export const LOG_FORMAT = 'storefront-inspector-log';

const LoggedActorSchema = z.object({
  sessionId: z.string(),
  label: z.string(),
  machine: z.nullable(z.string()),
  parent: z.nullable(z.string()),
});

const LoggedEventSchema = z.object({
  seq: z.number(),
  time: z.number(),
  event: z.looseObject({ type: z.string() }),
  source: z.nullable(z.string()),
  target: z.string(),
  after: z.nullable(z.looseObject({ status: z.string(), value: z.unknown(), context: z.unknown() })),
});

export const SessionLogSchema = z.object({
  format: z.literal(LOG_FORMAT),
  version: z.literal(1),
  recordedAt: z.string(),
  actors: z.array(LoggedActorSchema),
  events: z.array(LoggedEventSchema),
});

export type LoggedActor = z.infer<typeof LoggedActorSchema>;
export type LoggedEvent = z.infer<typeof LoggedEventSchema>;
export type SessionLog = z.infer<typeof SessionLogSchema>;

/** Reads a log file's text; throws naming what is wrong. */
export function parseSessionLog(text: string): SessionLog {
  const result = SessionLogSchema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`Not an inspector session log: ${result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  return result.data;
}

export interface RecordedPath {
  machine: string;
  /** The actor whose events these are (`app/payGate`). */
  actor: string;
  /** What the actor received after it started, in order. */
  steps: { event: { type: string; [key: string]: unknown }; value: unknown }[];
}

/**
 * The events one actor of `machine` received, each with the state it was in after: the path a replay
 * sends to a fresh actor of that machine. `actor` picks one by label when the session ran several.
 */
export function recordedPath(log: SessionLog, machine: string, actor?: string): RecordedPath {
  const candidates = log.actors.filter((a) => a.machine === machine && (actor === undefined || a.label === actor));
  const received = (a: LoggedActor) => log.events.filter((e) => e.target === a.sessionId);
  const chosen = candidates.find((a) => received(a).length > 0);
  if (!chosen) {
    const machines = [...new Set(log.actors.map((a) => a.machine).filter((m): m is string => m !== null))];
    throw new Error(`The log has no events of a "${machine}" actor${actor ? ` labelled "${actor}"` : ''} (machines in it: ${machines.join(', ') || 'none'})`);
  }
  const steps = received(chosen)
    .filter((e) => e.event.type !== 'xstate.init' && e.event.type !== 'xstate.stop')
    .map((e) => ({ event: e.event, value: e.after?.value ?? null }));
  return { machine, actor: chosen.label, steps };
}
