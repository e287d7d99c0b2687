/**
 * The session an earlier visit stored (localStorage `userInfo`), read back and
 * validated with zod. Its own module, free of XState: the entry reads it before
 * the first API call so that every call carries the restored token
 * (src/app/main.tsx), and the session flows restore it when they start
 * (src/app/start-store.ts); the session bridge reads another tab's writes.
 */
import * as z from 'zod/mini';
import type { PersistedSession } from '../../../machines/session.machine';
import { RealNameInfoSchema, UserInfoSchema } from '../../api/user-info';
import { browserStorage, parseJson, readText, removeStored, type StorageLike } from '../../shared/storage';

/** localStorage: the logged-in user with its real-name info, `{ user: UserInfo, realName: RealNameInfo | null }` as JSON. */
export const SESSION_STORAGE_KEY = 'userInfo';
/** A token the request header can carry (see `isHeaderValue` in src/api/transport.ts), at most 1 KiB. */
const StoredTokenSchema = z.string().check(z.regex(/^[\x21-\x7e](?:[\x20-\x7e]{0,1022}[\x21-\x7e])?$/));

const PersistedSessionSchema = z.object({
  // A stored token that no header could carry would make every call fail: such a session is dropped.
  user: z.extend(UserInfoSchema, { token: StoredTokenSchema }),
  realName: z.nullable(RealNameInfoSchema),
});

/** Parses a stored session; anything unreadable or of the wrong shape is null. */
export function parsePersistedSession(raw: string | null | undefined): PersistedSession | null {
  return parseJson(raw, PersistedSessionSchema) ?? null;
}

/**
 * The session stored by an earlier visit, or null. A value that does not
 * parse (hand-edited, an older format) is removed quietly: the visitor simply
 * starts anonymous.
 */
export function loadPersistedSession(
  storage: StorageLike | undefined = browserStorage('localStorage'),
): PersistedSession | null {
  const raw = readText(storage, SESSION_STORAGE_KEY);
  const session = parsePersistedSession(raw);
  if (raw !== null && !session) removeStored(storage, SESSION_STORAGE_KEY);
  return session;
}
