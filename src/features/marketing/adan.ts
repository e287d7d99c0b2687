/**
 * The visit's bid id (spec section 7, "Attribution"): what the `/sem` landing's bid answered, kept in
 * sessionStorage and sent as the `adan` header of every call. Apart from attribution.ts because the entry reads
 * it before the first call (src/app/visit-identity.ts), while the rest of the attribution runs with the store's
 * flows: the entry carries this much of it and no more (the start-up budget's room, docs/performance.md).
 */
import * as z from 'zod/mini';
import { readText } from '../../shared/storage';

/** sessionStorage key of the bid id sent as the `adan` header (a plain string). */
export const ADAN_STORAGE_KEY = 'adan';

/** Sent as the `adan` header: visible ASCII only (a damaged value would make the browser refuse every call). */
export const AdanSchema = z.string().check(z.minLength(1), z.maxLength(256), z.regex(/^[\x21-\x7e]+$/));

/** The stored bid id, or null when there is none or it is damaged. */
export function readStoredAdan(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  const parsed = AdanSchema.safeParse(readText(storage, ADAN_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}
