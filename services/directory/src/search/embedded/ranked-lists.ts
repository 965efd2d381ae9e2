import type { SearchQuery } from '@limo/company-search';
import { unitVector } from './geometry.js';
import { LOCATED } from './ranking.js';
import { passes, type Filter, type FilterColumns } from './filters.js';

/**
 * A place's companies in ranking order, kept for the next search of the same place: the searches a
 * directory answers repeat their "where" (a city page, its pages 2 to 5, its filters and the two
 * sorts all search one place) while the answer cache keys every combination apart. The index keeps,
 * for one snapshot, the slots a query's place, radius, state and words select (before the filters),
 * sorted by its order, and the same slots in slot order; a search then takes its page from the first
 * of the ranked list that pass its filters, and counts every match over the slot-ordered one (slots
 * are numbered along the k-d tree, so that walk reads the columns in order). (Elasticsearch caches
 * its filters' matches the same way.)
 */

/** By default, lists of more matches than this are not kept (a whole-country search would sort 100,000): such a search ranks its own matches. */
export const MAX_RANKED_LIST = 50_000;
/**
 * The slots kept across lists at the most (16 MB of `Uint32Array`). When they are reached, no list is
 * added until some expire: a search of a place without a list ranks its own matches, as it would with
 * no lists at all, so a stream of more places than fit costs what it did before lists were kept
 * (evicting the least recently used instead would rank, and throw away, a list on every search).
 */
const MAX_RANKED_SLOTS = 4_000_000;
/** A list not searched for this long goes, so the places searched now take the room of those searched before. */
const RANKED_LIST_TTL_MS = 60_000;

/**
 * What selects a query's candidates (`place`: its centre, radius, served place, state and words) and
 * what also orders them (`ranked`: the place and the sort); neither has its filters or page.
 */
export function rankedKeys(query: SearchQuery): { place: string; ranked: string } {
  const { near, radiusMiles, servedPlace, state, text, sort } = query;
  const order = sort === 'distance' && near ? 'distance' : sort === 'rating' ? 'rating' : 'best';
  // JSON: an absent field (null) and an empty one ("") stay apart, and no value can run into the next.
  const place = JSON.stringify([near?.latitude, near?.longitude, radiusMiles, radiusMiles === undefined ? null : servedPlace, state, text]);
  return { place: `in|${place}`, ranked: `${order}|${place}` };
}

/** What a kept list counts against MAX_RANKED_SLOTS: its slots, and 64 more for its entry and key (an empty or null list is not free). */
const weight = (list: Uint32Array | null): number => (list?.length ?? 0) + 64;

/** The lists, least recently used first; `null` marks a place whose list would be over its index's most. */
export class RankedLists {
  private readonly lists = new Map<string, { list: Uint32Array | null; at: number }>();
  private slots = 0;
  private snapshot: unknown;

  /**
   * The list of `key` for `snapshot` (every list of an older snapshot is dropped), made by `rank()`
   * when absent and there is room; null when there is none (the search ranks its own matches).
   */
  get(snapshot: unknown, key: string, rank: () => Uint32Array | null, now = Date.now()): Uint32Array | null {
    if (snapshot !== this.snapshot) {
      this.clear();
      this.snapshot = snapshot;
    }
    for (const [oldest, kept] of this.lists) {
      if (kept.at > now - RANKED_LIST_TTL_MS) break;
      this.lists.delete(oldest);
      this.slots -= weight(kept.list);
    }
    const kept = this.lists.get(key);
    if (kept) {
      // Used again: kept another minute from now (last in the expiry order).
      this.lists.delete(key);
      this.lists.set(key, { list: kept.list, at: now });
      return kept.list;
    }
    if (this.slots >= MAX_RANKED_SLOTS) return null;
    const list = rank();
    this.lists.set(key, { list, at: now });
    this.slots += weight(list);
    return list;
  }

  clear(): void {
    this.lists.clear();
    this.slots = 0;
    this.snapshot = undefined;
  }
}

/** The columns the walks over a list read, and the matches they write (`slots[i]`, its squared chord `chords[i]`). */
export interface WalkColumns extends FilterColumns {
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Non-zero at slots written since the snapshot (the search checks them one by one). */
  dirtyMark: Uint8Array;
  slots: Uint32Array;
  chords: Float64Array;
}

/** How many slots of `list` pass `filter`, skipping those written since the snapshot. */
export function countPassing(list: Uint32Array, columns: WalkColumns, filter: Filter): number {
  const { dirtyMark } = columns;
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    const slot = list[i];
    if (dirtyMark[slot] === 0 && passes(filter, columns, slot)) count++;
  }
  return count;
}

/**
 * Writes the first `window` slots of a ranked list that pass `filter` (skipping those written since
 * the snapshot) into the matches, with their squared chord to `near` (Infinity without one or
 * without a location); returns how many.
 */
export function firstPassing(ranked: Uint32Array, columns: WalkColumns, near: SearchQuery['near'], filter: Filter, window: number): number {
  const { dirtyMark, slots, chords, flags, x, y, z } = columns;
  const [qx, qy, qz] = near ? unitVector(near.latitude, near.longitude) : [0, 0, 0];
  let kept = 0;
  for (let i = 0; i < ranked.length && kept < window; i++) {
    const slot = ranked[i];
    if (dirtyMark[slot] !== 0 || !passes(filter, columns, slot)) continue;
    slots[kept] = slot;
    if (near && flags[slot] & LOCATED) {
      const dx = x[slot] - qx;
      const dy = y[slot] - qy;
      const dz = z[slot] - qz;
      chords[kept] = dx * dx + dy * dy + dz * dz;
    } else chords[kept] = Infinity;
    kept++;
  }
  return kept;
}
