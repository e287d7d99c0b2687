/**
 * What the wishlist's property tests share: web storage in memory, the server's items, and the answers the page
 * has not heard yet (one picked by a command, or all in the order they were sent).
 */
import type { WishEntry, WishItem } from '../../src/api/wishlist';

export class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

/** A listed game as the server answers it (the tab's fields at fixed values). */
export const wishItem = (entry: WishEntry): WishItem => ({ ...entry, name: `game ${entry.gameId}`, cover: '', price: 100, originalPrice: 100, lowPrice: 100, upcoming: false, soldOut: false });

/** Lets the machines and effects run what the last step queued. */
export const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

export interface PendingAnswer {
  settle: () => void;
}

/** The answer a command picks (any of those still pending) arrives. */
export function answerOne(pending: PendingAnswer[], pick: number): void {
  const [next] = pending.splice(pick % Math.max(1, pending.length), 1);
  next?.settle();
}

/** Every pending answer arrives, oldest first, the page acting on each before the next. */
export async function answerAll(pending: PendingAnswer[]): Promise<void> {
  while (pending.length > 0) {
    pending.shift()!.settle();
    await settle();
  }
}
