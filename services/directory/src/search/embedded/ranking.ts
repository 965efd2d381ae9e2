import type { SearchQuery } from '@limo/company-search';

/** Bits of a slot's `flags` column. */
export const ALIVE = 1;
export const LOCATED = 2;
export const FEATURED = 4;
export const SUSPENDED = 8;
export const VERIFIED_OWNER = 16;
export const LICENSED = 32;
/** Responsiveness tier 1 or more (a responsive company). */
export const RESPONSIVE = 64;
/** The Top Rated badge: responsiveness tier 2. */
export const TOP_RATED = 128;
/** The bits the best-match order compares for the responsiveness tier (Top Rated sets both). */
const TIER = RESPONSIVE | TOP_RATED;

/** The per-slot columns the ranking reads, and the current matches (`slots[i]`, its squared chord `chords[i]`). */
export interface RankedColumns {
  flags: Uint8Array;
  rating: Float64Array;
  reviewCount: Float64Array;
  nameKeys: string[];
  ids: string[];
  slots: Uint32Array;
  chords: Float64Array;
}

/**
 * -1, 0 or 1 as x is below, equal to or above y (0 for two Infinity or NaN). Comparators return these
 * small integers rather than differences of doubles: a double returned from a call that is not
 * inlined is boxed, one allocation per comparison of thousands a search.
 */
const order = (x: number, y: number): number => (x < y ? -1 : x > y ? 1 : 0);

/** The port's ranking, as a comparison of two indexes into the current matches. */
export function rankingComparator(columns: RankedColumns, query: SearchQuery): (i: number, j: number) => number {
  const { flags, rating, reviewCount, nameKeys, ids, slots, chords } = columns;
  const byDistance = query.near !== undefined;
  const byNameAndId = (a: number, b: number): number => {
    const na = nameKeys[a];
    const nb = nameKeys[b];
    if (na !== nb) return na < nb ? -1 : 1;
    return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
  };
  // Two companies without coordinates (chord Infinity) tie on distance.
  if (query.sort === 'distance' && byDistance) {
    return (i, j) => {
      const a = slots[i];
      const b = slots[j];
      return (flags[a] & SUSPENDED) - (flags[b] & SUSPENDED) || order(chords[i], chords[j]) || byNameAndId(a, b);
    };
  }
  if (query.sort === 'rating') {
    return (i, j) => {
      const a = slots[i];
      const b = slots[j];
      return (
        (flags[a] & SUSPENDED) - (flags[b] & SUSPENDED) ||
        order(rating[b], rating[a]) ||
        order(reviewCount[b], reviewCount[a]) ||
        byNameAndId(a, b)
      );
    };
  }
  return (i, j) => {
    const a = slots[i];
    const b = slots[j];
    return (
      (flags[a] & SUSPENDED) - (flags[b] & SUSPENDED) ||
      (flags[b] & FEATURED) - (flags[a] & FEATURED) ||
      (flags[b] & TIER) - (flags[a] & TIER) ||
      (byDistance ? order(chords[i], chords[j]) : 0) ||
      order(rating[b], rating[a]) ||
      order(reviewCount[b], reviewCount[a]) ||
      byNameAndId(a, b)
    );
  };
}

/** The `k` smallest of 0..n-1 under `compare`, sorted; a bounded heap when k is much smaller than n. */
export function topK(n: number, k: number, compare: (i: number, j: number) => number): number[] {
  if (k * 4 >= n) {
    const all = new Array<number>(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all.sort(compare).slice(0, k);
  }
  // Max-heap of the best k so far: the worst of them at the root.
  const heap: number[] = [];
  const up = (at: number): void => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (compare(heap[at], heap[parent]) <= 0) return;
      const moved = heap[at];
      heap[at] = heap[parent];
      heap[parent] = moved;
      at = parent;
    }
  };
  const down = (at: number): void => {
    for (;;) {
      const left = 2 * at + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const worse = right < heap.length && compare(heap[right], heap[left]) > 0 ? right : left;
      if (compare(heap[worse], heap[at]) <= 0) return;
      const moved = heap[at];
      heap[at] = heap[worse];
      heap[worse] = moved;
      at = worse;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (compare(i, heap[0]) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(compare);
}
