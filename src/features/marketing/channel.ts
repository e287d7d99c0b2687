/**
 * The marketing channel (spec sections 4 and 9): the landing URL's `channel`
 * query value, else the one this tab already chose, else the default channel
 * (the product key, `VITE_PRODUCT`). The result is kept in sessionStorage so
 * that later pages of the same visit keep it, and every request carries it as
 * the `registerCanal` header (set before the first call by src/app/visit-identity.ts, and again by
 * src/features/marketing/start.ts when the flows start).
 */
import * as z from 'zod/mini';
import { config } from '../../shared/env';
import { readText, writeText } from '../../shared/storage';

/**
 * sessionStorage key holding the channel of this visit (a plain string).
 * @internal
 */
export const CHANNEL_STORAGE_KEY = 'channel';

/** Channel names are short codes; anything else in the URL is ignored. */
const ChannelSchema = z.string().check(z.regex(/^[\w.-]{1,64}$/));

export interface ResolveChannelOptions {
  /** the landing URL's query (`?channel=…`) */
  search: URLSearchParams;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  defaultChannel: string;
}

function readStored(storage: ResolveChannelOptions['storage']): string | null {
  // storage can be unavailable (private mode, blocked cookies)
  const parsed = ChannelSchema.safeParse(readText(storage, CHANNEL_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

/**
 * Decides the channel of this visit and stores it. Never throws.
 * @internal
 */
export function resolveChannel({ search, storage, defaultChannel }: ResolveChannelOptions): string {
  const fromUrl = ChannelSchema.safeParse(search.get('channel'));
  const channel = fromUrl.success ? fromUrl.data : (readStored(storage) ?? defaultChannel);
  // see readStored: without storage the channel still holds for this page
  writeText(storage, CHANNEL_STORAGE_KEY, channel);
  return channel;
}

/**
 * The channel of the visit that landed on `url`, with the store's default (`config.product`): what the entry
 * (src/app/visit-identity.ts) sets before the first call and the flows' start (./start.ts) sets again.
 */
export function channelOfVisit(
  url: URL,
  storage: ResolveChannelOptions['storage'],
  defaultChannel: string = config.product,
): string {
  return resolveChannel({ search: url.searchParams, storage, defaultChannel });
}
