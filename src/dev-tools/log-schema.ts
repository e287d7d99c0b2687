/**
 * Reads a session log file (./log-format.ts) for `npm run paths -- <machine>
 * --from <log.json>` and the tests: parsed with zod, as every input from
 * outside is. Not part of the app's bundle (the app only writes logs).
 */
import * as z from 'zod/mini';
import { LOG_FORMAT, type SessionLog } from './log-format';

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

const SessionLogSchema = z.object({
  format: z.literal(LOG_FORMAT),
  version: z.literal(1),
  recordedAt: z.string(),
  actors: z.array(LoggedActorSchema),
  events: z.array(LoggedEventSchema),
});

/** Reads a log file's text; throws naming what is wrong. */
export function parseSessionLog(text: string): SessionLog {
  const result = SessionLogSchema.safeParse(JSON.parse(text));
  if (!result.success)
    throw new Error(
      `Not an inspector session log: ${result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  return result.data satisfies SessionLog;
}
