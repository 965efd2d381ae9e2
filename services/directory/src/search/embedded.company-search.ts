import KDBush from 'kdbush';
import type { CompanySearchIndex, IndexedVersion, SearchDocument, SearchHit, SearchQuery, SearchResult } from '@limo/company-search';
import { MAX_RESULT_WINDOW, companyWords, nameSortKey, queryTerms, searchLocation } from '@limo/company-search';
import { boundingBoxes, chord2OfMiles, milesOfChord2, unitVector } from './embedded/geometry.js';
import { rangeInto } from './embedded/kd-range.js';
import { ServedPlaces } from './embedded/served-places.js';
import { WordIndex, type ColumnMap, type WordPostings } from './embedded/word-index.js';
import { countPassing, firstPassing, MAX_RANKED_LIST, RankedLists, rankedKeys } from './embedded/ranked-lists.js';
import { dayNumber, passes, queryFilter } from './embedded/filters.js';
import { countsAsBits, MatchBits } from './embedded/match-bits.js';
import {
  ALIVE,
  FEATURED,
  LICENSED,
  LOCATED,
  rankingComparator,
  RESPONSIVE,
  SUSPENDED,
  TOP_RATED,
  topK,
  VERIFIED_OWNER,
} from './embedded/ranking.js';

/** What the last rebuild indexed; slots written since then are in `dirty` and checked one by one. */
interface Snapshot {
  /** Located companies; the tree's point at position k is the company at slot k (see `rebuild`). */
  geo: KDBush | undefined;
  byState: Map<string, Uint32Array>;
  all: Uint32Array;
  words: WordPostings;
}

/**
 * The embedded search index: everything in this process, nothing on disk (the projection refills it
 * from the store at start-up). At 100,000 companies (scripts/bench-search.ts):
 * - a kdbush k-d tree for the radius: the circle's bounding box, then the exact great-circle test.
 *   (geokdbush's nearest-first walk answered the same ids at twice the cost: the whole radius is
 *   needed anyway for an exact total, and its priority queue allocates per point.) Distances are
 *   compared as squared chords between unit vectors, which order exactly as great-circle distances
 *   and need no trigonometry per company;
 * - one typed-array column per filter, indexed by slot;
 * - a word index for text: a dictionary of words, each company's word ids in one pool, and posting
 *   lists (word → slots) in one array, with the words in alphabetical order for the last word's prefix;
 * - a place's companies kept ranked for the next searches of that place (embedded/ranked-lists.ts):
 *   a page is the first of that list to pass the filters, the total a count over the same companies
 *   (as bitsets for large places, embedded/match-bits.ts).
 *
 * kdbush, the word index, the ranked lists and the bitsets are of one snapshot: a write only marks its
 * slot dirty, queries check dirty slots one by one, and the next search after enough writes rebuilds
 * them in one batch. Totals are exact.
 */
export class EmbeddedCompanySearch implements CompanySearchIndex {
  readonly scope = 'process';
  private readonly slotOf = new Map<string, number>();
  /** The version and updatedAt each company was indexed at, by id (for reconciliation). */
  private readonly versionOf = new Map<string, Pick<SearchDocument, 'version' | 'updatedAt'>>();
  private readonly freeSlots: number[] = [];
  /** Slots handed out so far (the high-water mark). */
  private used = 0;
  private capacity = 0;

  private ids: string[] = [];
  private nameKeys: string[] = [];
  private states: string[] = [];
  private wordIndex = new WordIndex();
  private flags = new Uint8Array(0);
  private lat = new Float64Array(0);
  private lng = new Float64Array(0);
  /** The position as a unit vector. */
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private z = new Float64Array(0);
  private rating = new Float64Array(0);
  private reviewCount = new Float64Array(0);
  /** Day number (days since 1970-01-01) of the verified insurance's last day; 0: none. */
  private insuredUntil = new Uint32Array(0);
  /** 0: none; otherwise the code + 1 of the price range in `priceCodes`. */
  private price = new Uint8Array(0);
  private readonly priceCodes = new Map<string, number>();
  /** slug → 1 at the slots of companies offering it. */
  private readonly services = new Map<string, Uint8Array>();
  private readonly vehicleTypes = new Map<string, Uint8Array>();
  /** The places each company's service area covers. */
  private readonly served = new ServedPlaces();

  private snapshot: Snapshot | undefined = undefined;
  private readonly dirty = new Set<number>();
  private dirtyMark = new Uint8Array(0);
  /** Scratch marks for set intersections, valid where equal to `epoch`. */
  private stamp = new Uint32Array(0);
  private epoch = 0;
  /** The current query's matches: slot, and squared chord to the centre (Infinity when unknown). */
  private matchSlots = new Uint32Array(0);
  private matchChords = new Float64Array(0);
  /** The current query's text matches. */
  private textSlots = new Uint32Array(0);
  /** The tree positions (slots) in the current query's bounding box. */
  private boxSlots = new Uint32Array(0);
  /** The snapshot's matches of recent queries' places, ranked (see ranked-lists.ts). */
  private readonly ranked = new RankedLists();
  /** Filters as bitsets, for counting the matches of large places. */
  private readonly bits = new MatchBits();

  /** `maxRankedList`: the most matches a place's ranked list may hold to be kept (0: none kept). */
  private constructor(private readonly maxRankedList: number) {}

  /** An empty index. */
  static create(options: { maxRankedList?: number } = {}): EmbeddedCompanySearch {
    return new EmbeddedCompanySearch(options.maxRankedList ?? MAX_RANKED_LIST);
  }

  async upsert(docs: SearchDocument[]): Promise<void> {
    for (const doc of docs) this.write(doc);
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.slotOf.delete(id);
      this.versionOf.delete(id);
      this.served.remove(id);
      this.clearSlot(slot);
      this.flags[slot] = 0;
      this.ids[slot] = this.nameKeys[slot] = this.states[slot] = '';
      this.wordIndex.remove(slot);
      this.markDirty(slot);
      this.freeSlots.push(slot);
    }
  }

  async clear(): Promise<void> {
    // Every column, map, snapshot and scratch array as an empty index has them.
    Object.assign(this, new EmbeddedCompanySearch(this.maxRankedList));
  }

  async count(): Promise<number> {
    return this.slotOf.size;
  }

  async *versions(): AsyncIterable<IndexedVersion[]> {
    const all = [...this.versionOf].map(([id, v]) => ({ id, version: v.version, updatedAt: v.updatedAt }));
    for (let i = 0; i < all.length; i += 5_000) yield all.slice(i, i + 5_000);
  }

  async refresh(): Promise<void> {
    // Nothing to do: a write is visible to the next search.
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    await this.clear();
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const snapshot = this.freshSnapshot();
    const { flags, rating, states, price, insuredUntil, services, vehicleTypes, priceCodes, x, y, z, dirtyMark } = this;
    // One object of one shape for every walk, so the filter's test stays monomorphic.
    const { matchSlots: slots, matchChords: chords } = this;
    const walk = { flags, rating, states, price, insuredUntil, services, vehicleTypes, priceCodes, x, y, z, dirtyMark, slots, chords };
    const filter = queryFilter(walk, query);
    if (!filter) return { hits: [], total: 0 };
    const accept = (slot: number): boolean => passes(filter, walk, slot);
    const from = (query.page - 1) * query.limit;
    const window = Math.min(from + query.limit, MAX_RESULT_WINDOW);
    const keys = rankedKeys(query);
    const ranked = this.maxRankedList > 0 ? this.ranked.get(snapshot, keys.ranked, () => this.rank(snapshot, query)) : null;
    // Matches in the snapshot: the first `window` of the ranked list (they are the best), counted over
    // the same slots in slot order; without a list (too many to keep), all of them. Then those written
    // since, checked one by one.
    let kept: number;
    let total: number;
    if (ranked) {
      const members = this.ranked.get(snapshot, keys.place, () => ranked.slice().sort());
      kept = firstPassing(ranked, walk, query.near, filter, window);
      const size = snapshot.all.length;
      const bits =
        members && countsAsBits(members.length, size) && this.ranked.get(snapshot, `bits|${keys.place}`, () => MatchBits.of(members, size));
      total = bits ? this.bits.count(snapshot, size, bits, query, filter, walk, this.dirty) : countPassing(members ?? ranked, walk, filter);
    } else kept = total = this.collect(snapshot, query, accept, 'snapshot', 0);
    const end = this.collect(snapshot, query, accept, 'dirty', kept);
    total += end - kept;
    const to = Math.min(window, total);
    if (from >= to) return { hits: [], total };
    const order = topK(end, to, this.comparator(query));
    const hits: SearchHit[] = [];
    for (let i = from; i < to; i++) {
      const id = this.ids[this.matchSlots[order[i]]];
      const chord2 = this.matchChords[order[i]];
      hits.push(Number.isFinite(chord2) ? { id, distanceMiles: milesOfChord2(chord2) } : { id });
    }
    return { hits, total };
  }

  private comparator(query: SearchQuery): (i: number, j: number) => number {
    const { flags, rating, reviewCount, nameKeys, ids, matchSlots: slots, matchChords: chords } = this;
    return rankingComparator({ flags, rating, reviewCount, nameKeys, ids, slots, chords }, query);
  }

  /** The snapshot's matches of `query`'s place, radius, state and words, in its order (null: too many to keep). */
  private rank(snapshot: Snapshot, query: SearchQuery): Uint32Array | null {
    const { flags } = this;
    const count = this.collect(snapshot, query, (slot) => (flags[slot] & ALIVE) !== 0, 'snapshot', 0);
    if (count > this.maxRankedList) return null;
    return Uint32Array.from(topK(count, count, this.comparator(query)), (i) => this.matchSlots[i]);
  }

  private write(doc: SearchDocument): void {
    let slot = this.slotOf.get(doc.id);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.used++;
      if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
      this.slotOf.set(doc.id, slot);
    } else {
      this.clearSlot(slot);
    }
    const location = searchLocation(doc);
    this.versionOf.set(doc.id, { version: doc.version, updatedAt: doc.updatedAt });
    this.ids[slot] = doc.id;
    this.nameKeys[slot] = nameSortKey(doc.name);
    this.states[slot] = doc.state;
    this.wordIndex.write(slot, companyWords(doc.name, doc.description));
    this.flags[slot] =
      ALIVE |
      (location ? LOCATED : 0) |
      (doc.featured ? FEATURED : 0) |
      (doc.suspended ? SUSPENDED : 0) |
      (doc.verifiedOwner ? VERIFIED_OWNER : 0) |
      (doc.licensed ? LICENSED : 0) |
      // Tier 2 is exactly the Top Rated badge on a listing not suspended (domain/responsiveness.ts).
      (doc.responsiveTier >= 1 ? RESPONSIVE : 0) |
      (doc.topRated ? TOP_RATED : 0);
    this.lat[slot] = location?.latitude ?? 0;
    this.lng[slot] = location?.longitude ?? 0;
    [this.x[slot], this.y[slot], this.z[slot]] = unitVector(this.lat[slot], this.lng[slot]);
    this.rating[slot] = doc.rating;
    this.reviewCount[slot] = doc.reviewCount;
    this.insuredUntil[slot] = doc.insuredUntil === null ? 0 : dayNumber(doc.insuredUntil);
    this.price[slot] = doc.priceRange === null ? 0 : this.priceCode(doc.priceRange);
    for (const slug of doc.services) this.column(this.services, slug)[slot] = 1;
    for (const slug of doc.vehicleTypes) this.column(this.vehicleTypes, slug)[slot] = 1;
    this.served.set(doc.id, doc.servedPlaces);
    this.markDirty(slot);
  }

  private clearSlot(slot: number): void {
    for (const column of this.services.values()) column[slot] = 0;
    for (const column of this.vehicleTypes.values()) column[slot] = 0;
  }

  private markDirty(slot: number): void {
    this.dirty.add(slot);
    this.dirtyMark[slot] = 1;
  }

  private priceCode(priceRange: string): number {
    let code = this.priceCodes.get(priceRange);
    if (code === undefined) {
      code = this.priceCodes.size + 1;
      if (code > 255) throw new RangeError('More than 255 distinct price ranges');
      this.priceCodes.set(priceRange, code);
    }
    return code;
  }

  private column(columns: Map<string, Uint8Array>, slug: string): Uint8Array {
    let column = columns.get(slug);
    if (!column) {
      column = new Uint8Array(this.capacity);
      columns.set(slug, column);
    }
    return column;
  }

  private grow(capacity: number): void {
    this.mapColumns((column, make) => {
      const grown = make(capacity);
      grown.set(column);
      return grown;
    });
    this.capacity = capacity;
  }

  /**
   * Replaces every per-slot column with `map(column, make)`, `make(n)` building an empty column of
   * the same type. The scratch columns (stamps, matches) start empty.
   */
  private mapColumns(map: ColumnMap): void {
    this.flags = map(this.flags, (n) => new Uint8Array(n));
    this.lat = map(this.lat, (n) => new Float64Array(n));
    this.lng = map(this.lng, (n) => new Float64Array(n));
    this.x = map(this.x, (n) => new Float64Array(n));
    this.y = map(this.y, (n) => new Float64Array(n));
    this.z = map(this.z, (n) => new Float64Array(n));
    this.rating = map(this.rating, (n) => new Float64Array(n));
    this.reviewCount = map(this.reviewCount, (n) => new Float64Array(n));
    this.insuredUntil = map(this.insuredUntil, (n) => new Uint32Array(n));
    this.price = map(this.price, (n) => new Uint8Array(n));
    this.wordIndex.mapColumns(map);
    for (const columns of [this.services, this.vehicleTypes]) {
      for (const [slug, column] of columns)
        columns.set(
          slug,
          map(column, (n) => new Uint8Array(n)),
        );
    }
    // Dirty marks move with their slots (a grow between rebuilds keeps them; the rebuild clears them).
    this.dirtyMark = map(this.dirtyMark, (n) => new Uint8Array(n));
    const size = this.flags.length;
    this.stamp = new Uint32Array(size);
    this.epoch = 0;
    this.matchSlots = new Uint32Array(size);
    this.matchChords = new Float64Array(size);
    this.textSlots = new Uint32Array(size);
    this.boxSlots = new Uint32Array(size);
  }

  /**
   * Moves the company of slot `order[k]` to slot k, for every k, and frees the slots after them.
   * Called with the k-d tree's order, it puts neighbours on the map next to each other in memory:
   * a radius, or a state, then reads a few runs of each column instead of scattered entries.
   */
  private renumber(order: number[]): void {
    const { ids, nameKeys, states } = this;
    this.mapColumns((column, make) => {
      const moved = make(column.length);
      for (let k = 0; k < order.length; k++) moved[k] = column[order[k]];
      return moved;
    });
    this.ids = order.map((slot) => ids[slot]);
    this.nameKeys = order.map((slot) => nameKeys[slot]);
    this.states = order.map((slot) => states[slot]);
    this.slotOf.clear();
    this.ids.forEach((id, slot) => this.slotOf.set(id, slot));
    this.freeSlots.length = 0;
    this.used = order.length;
  }

  /** The snapshot, rebuilt first when none exists or too many slots changed since the last one. */
  private freshSnapshot(): Snapshot {
    if (!this.snapshot || this.dirty.size > Math.max(1_000, this.slotOf.size / 50)) this.rebuild();
    return this.snapshot!;
  }

  private rebuild(): void {
    const located: number[] = [];
    const unlocated: number[] = [];
    for (let slot = 0; slot < this.used; slot++) {
      if (this.flags[slot] & ALIVE) (this.flags[slot] & LOCATED ? located : unlocated).push(slot);
    }
    let geo: KDBush | undefined;
    const order: number[] = [];
    if (located.length > 0) {
      geo = new KDBush(located.length, 64, Float64Array);
      for (const slot of located) geo.add(this.lng[slot], this.lat[slot]);
      geo.finish();
      // The tree's point k is the insertion geo.ids[k]: slot k from now on, so a position found in
      // the tree (rangeInto) is the company's slot.
      for (const inserted of geo.ids) order.push(located[inserted]);
    }
    for (const slot of unlocated) order.push(slot);
    this.renumber(order);
    const all = Uint32Array.from(order, (_, slot) => slot);

    const byState = new Map<string, number[]>();
    for (const slot of all) {
      const inState = byState.get(this.states[slot]);
      if (inState) inState.push(slot);
      else byState.set(this.states[slot], [slot]);
    }

    this.snapshot = {
      geo,
      byState: new Map([...byState].map(([state, slots]) => [state, Uint32Array.from(slots)])),
      all,
      words: this.wordIndex.build(all),
    };
    // The dirty slots are all in the snapshot now.
    this.dirtyMark.fill(0);
    this.dirty.clear();
  }

  /**
   * Writes the matches of the query into `matchSlots` from `start` on, with the squared chord to
   * `near` (when there is one) into `matchChords`; returns where they end. `part`: those the snapshot
   * indexed, or those written since (the dirty slots, checked one by one).
   */
  private collect(
    snapshot: Snapshot,
    query: SearchQuery,
    accept: (slot: number) => boolean,
    part: 'snapshot' | 'dirty',
    start: number,
  ): number {
    if (part === 'dirty' && this.dirty.size === 0) return start;
    const { near, radiusMiles } = query;
    const { flags, x, y, z, dirtyMark, matchSlots, matchChords } = this;
    const [qx, qy, qz] = near ? unitVector(near.latitude, near.longitude) : [0, 0, 0];
    const radius = near && radiusMiles !== undefined ? radiusMiles : undefined;
    const maxChord2 = radius === undefined ? Infinity : chord2OfMiles(radius);
    // Companies whose service area covers the searched city match wherever they are.
    const servers = new Set<number>();
    if (radius !== undefined && query.servedPlace !== undefined)
      for (const id of this.served.servers(query.servedPlace)) servers.add(this.slotOf.get(id)!);
    let count = start;
    const chord2To = (slot: number): number => {
      if (!near || !(flags[slot] & LOCATED)) return Infinity;
      const dx = x[slot] - qx;
      const dy = y[slot] - qy;
      const dz = z[slot] - qz;
      return dx * dx + dy * dy + dz * dz;
    };
    const add = (slot: number): void => {
      const chord2 = chord2To(slot);
      if (radius !== undefined && !(chord2 <= maxChord2) && !servers.has(slot)) return;
      matchSlots[count] = slot;
      matchChords[count] = chord2;
      count++;
    };

    /** Adds the first `length` slots of `list` that pass (the dirty ones are checked one by one after). */
    const addAll = (list: Uint32Array, length: number): void => {
      if (near) {
        for (let i = 0; i < length; i++) if (dirtyMark[list[i]] === 0 && accept(list[i])) add(list[i]);
        return;
      }
      // No centre: no distance, no radius.
      for (let i = 0; i < length; i++) {
        const slot = list[i];
        if (dirtyMark[slot] !== 0 || !accept(slot)) continue;
        matchSlots[count] = slot;
        matchChords[count] = Infinity;
        count++;
      }
    };

    const terms = query.text === undefined ? undefined : queryTerms(query.text);
    if (terms?.prefix !== undefined) {
      const groups = this.wordIndex.termGroups(snapshot.words, terms.exact, terms.prefix);
      if (part === 'dirty') {
        for (const slot of this.dirty) if (accept(slot) && groups.every((group) => this.wordIndex.hasAnyWord(slot, group.ids))) add(slot);
        return count;
      }
      const [found, length] = this.wordIndex.textMatches(groups, {
        dirtyMark,
        stamp: this.stamp,
        out: this.textSlots,
        nextEpoch: () => this.nextEpoch(),
      });
      addAll(found, length);
      return count;
    }
    if (part === 'dirty') {
      for (const slot of this.dirty) if (accept(slot)) add(slot);
      return count;
    }

    if (near && radius !== undefined) {
      if (snapshot.geo) {
        const { geo } = snapshot;
        const inBox = this.boxSlots;
        for (const [minLng, minLat, maxLng, maxLat] of boundingBoxes(near.latitude, near.longitude, radius)) {
          const found = rangeInto(geo, minLng, minLat, maxLng, maxLat, inBox);
          for (let i = 0; i < found; i++) {
            // A position in the tree is a slot, and a slot of the snapshot's tree is located.
            const slot = inBox[i];
            if (dirtyMark[slot] !== 0) continue;
            const dx = x[slot] - qx;
            const dy = y[slot] - qy;
            const dz = z[slot] - qz;
            const chord2 = dx * dx + dy * dy + dz * dz;
            // Outside the circle (the box's corners): one serving the place is added below, once.
            if (!(chord2 <= maxChord2) || !accept(slot)) continue;
            matchSlots[count] = slot;
            matchChords[count] = chord2;
            count++;
          }
        }
      }
      // Those the circle left out (the walk above added every located one within it).
      for (const slot of servers) {
        if (dirtyMark[slot] !== 0 || !accept(slot)) continue;
        if (flags[slot] & LOCATED && snapshot.geo && chord2To(slot) <= maxChord2) continue;
        add(slot);
      }
    } else {
      const candidates = query.state === undefined ? snapshot.all : snapshot.byState.get(query.state);
      if (candidates) addAll(candidates, candidates.length);
    }
    return count;
  }

  private nextEpoch(): number {
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    return ++this.epoch;
  }
}
