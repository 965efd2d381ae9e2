import type { SearchQuery } from '@limo/company-search';
import type { Filter, FilterColumns } from './filters.js';
import { LICENSED, TOP_RATED, VERIFIED_OWNER } from './ranking.js';

/** Most filter bitsets kept per snapshot (each is one bit per company); past it they are built again. */
const MAX_ATOMS = 256;

/**
 * Counting a large place's matches as bitsets: the place's companies as one bit per snapshot slot,
 * ANDed a word (32 companies) at a time with one bitset per filter, then counted. A filter's bitset
 * is built the first time a search of the snapshot needs it. For a place of thousands of companies
 * this reads a few thousand words instead of testing every company (a whole state with a filter:
 * 8,000 tests against 3,125 words at 100,000 companies).
 */
export class MatchBits {
  private readonly atoms = new Map<string, Uint32Array>();
  private snapshot: unknown;

  /** A bitset of `slots` (each below `size`). */
  static of(slots: Uint32Array, size: number): Uint32Array {
    const bits = new Uint32Array(Math.ceil(size / 32));
    for (let i = 0; i < slots.length; i++) bits[slots[i] >>> 5] |= 1 << (slots[i] & 31);
    return bits;
  }

  /**
   * How many companies of `members` (a bitset over the snapshot's `size` slots) pass `filter`, as the
   * snapshot's columns say: those written since (dirty) are left out, the search checks them itself.
   */
  count(
    snapshot: unknown,
    size: number,
    members: Uint32Array,
    query: SearchQuery,
    filter: Filter,
    columns: FilterColumns,
    dirty: Iterable<number>,
  ): number {
    if (snapshot !== this.snapshot || this.atoms.size > MAX_ATOMS) {
      this.atoms.clear();
      this.snapshot = snapshot;
    }
    const all = this.required(size, query, filter, columns);
    const anyOf: Uint32Array[] = [];
    for (const slug of query.vehicleTypes ?? []) {
      const column = columns.vehicleTypes.get(slug);
      if (column) anyOf.push(this.atom(`vehicle:${slug}`, size, (slot) => column[slot] === 1));
    }
    let count = countAnd(members, all, anyOf);
    // A dirty slot was counted if its bits say so; its company is counted (or not) by the search.
    for (const slot of dirty)
      if (
        slot < size &&
        isSet(members, slot) &&
        all.every((bits) => isSet(bits, slot)) &&
        (anyOf.length === 0 || anyOf.some((bits) => isSet(bits, slot)))
      )
        count--;
    return count;
  }

  /** The bitsets every match is in (besides the place's): one per flag and filter the query sets. */
  private required(size: number, query: SearchQuery, filter: Filter, columns: FilterColumns): Uint32Array[] {
    const { flags, insuredUntil, price, rating, states } = columns;
    const atoms: Uint32Array[] = [];
    for (const flag of [VERIFIED_OWNER, LICENSED, TOP_RATED])
      if (filter.mask & flag) atoms.push(this.atom(`flag:${flag}`, size, (slot) => (flags[slot] & flag) !== 0));
    const { insuredOn, service, priceCode, minRating, state } = filter;
    if (insuredOn) atoms.push(this.atom(`insured:${insuredOn}`, size, (slot) => insuredUntil[slot] >= insuredOn));
    if (service) atoms.push(this.atom(`service:${query.service}`, size, (slot) => service[slot] === 1));
    if (priceCode) atoms.push(this.atom(`price:${priceCode}`, size, (slot) => price[slot] === priceCode));
    if (minRating !== undefined) atoms.push(this.atom(`rating:${minRating}`, size, (slot) => rating[slot] >= minRating));
    if (state !== undefined) atoms.push(this.atom(`state:${state}`, size, (slot) => states[slot] === state));
    return atoms;
  }

  private atom(key: string, size: number, test: (slot: number) => boolean): Uint32Array {
    let bits = this.atoms.get(key);
    if (!bits) {
      bits = new Uint32Array(Math.ceil(size / 32));
      for (let slot = 0; slot < size; slot++) if (test(slot)) bits[slot >>> 5] |= 1 << (slot & 31);
      this.atoms.set(key, bits);
    }
    return bits;
  }
}

const isSet = (bits: Uint32Array, slot: number): boolean => (bits[slot >>> 5] & (1 << (slot & 31))) !== 0;

/** The number of bits set in `members` AND every one of `all` AND any one of `anyOf` (when not empty). */
function countAnd(members: Uint32Array, all: Uint32Array[], anyOf: Uint32Array[]): number {
  let count = 0;
  for (let w = 0; w < members.length; w++) {
    let x = members[w];
    for (let a = 0; a < all.length && x !== 0; a++) x &= all[a][w];
    if (x !== 0 && anyOf.length > 0) {
      let any = 0;
      for (let v = 0; v < anyOf.length; v++) any |= anyOf[v][w];
      x &= any;
    }
    // Population count of a 32-bit word.
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    x = (x + (x >>> 4)) & 0x0f0f0f0f;
    count += Math.imul(x, 0x01010101) >>> 24;
  }
  return count;
}

/** Whether `members` companies are counted faster as bitsets of `size` slots (more companies than words) than one by one. */
export const countsAsBits = (members: number, size: number): boolean => members > size / 32;
