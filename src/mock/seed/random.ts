/**
 * Deterministic randomness and time helpers for the seed. Nothing here reads
 * Math.random or the clock: the same seed always gives the same sequence.
 */

import { beijingParts } from '../../shared/beijing-time';

/** mulberry32: a tiny 32-bit PRNG, good enough for fake data. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string, used to derive per-item seeds and colours. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private readonly nextFloat: () => number;

  constructor(seed: number) {
    this.nextFloat = mulberry32(seed);
  }

  /** float in [0, 1) */
  next(): number {
    return this.nextFloat();
  }

  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number {
    return min + Math.floor(this.nextFloat() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.nextFloat() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: empty list');
    return items[Math.floor(this.nextFloat() * items.length)] as T;
  }

  /** a shuffled copy (Fisher–Yates) */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.nextFloat() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }
}

/** `M月D日` of `time` in Beijing time, for dates written into notice texts. */
export function chineseMonthDay(time: number): string {
  const { month, day } = beijingParts(time);
  return `${month}月${day}日`;
}

/** Masks an 11-digit phone as 3-4-4 with the middle four hidden: `138****5678`. */
export function maskPhone(random: Random): string {
  const prefix = random.pick([
    '130',
    '131',
    '133',
    '135',
    '136',
    '138',
    '139',
    '150',
    '152',
    '158',
    '166',
    '177',
    '180',
    '186',
    '188',
    '199',
  ]);
  return `${prefix}****${String(random.int(0, 9999)).padStart(4, '0')}`;
}
