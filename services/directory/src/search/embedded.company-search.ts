import KDBush from 'kdbush';
import { EARTH_RADIUS_MILES } from '@limo/geo';
import type { CompanySearchIndex, IndexedVersion, SearchDocument, SearchHit, SearchQuery, SearchResult } from './company-search.port.js';
import { MAX_RESULT_WINDOW, companyWords, nameSortKey, queryTerms, searchLocation } from './search-rules.js';

const ALIVE = 1;
const LOCATED = 2;
const FEATURED = 4;
const SUSPENDED = 8;

const RAD = Math.PI / 180;

/** What the last rebuild indexed; slots written since then are in `dirty` and checked one by one. */
interface Snapshot {
  /** Located companies; `geoSlots[i]` is the slot of the index's point i. */
  geo: KDBush | undefined;
  geoSlots: Uint32Array;
  byState: Map<string, Uint32Array>;
  all: Uint32Array;
  /** The slots having word w, ascending: `postings[offsets[w]..offsets[w + 1]]`, for w < `dictionarySize`. */
  postings: Uint32Array;
  offsets: Uint32Array;
  dictionarySize: number;
  /** The word ids in use, in the alphabetical order of their words, for prefix ranges. */
  sortedWords: Uint32Array;
}

/** A word of a text query and the ids of the dictionary words it matches (one, or every word with that prefix). */
interface TermGroup {
  ids: Set<number>;
  /** Snapshot posting lists of those ids. */
  lists: Uint32Array[];
  size: number;
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
 *   lists (word → slots) in one array, with the words in alphabetical order for the last word's prefix.
 *
 * kdbush and the word index are static: a write only marks its slot dirty, queries check dirty slots
 * one by one, and the next search after enough writes rebuilds both in one batch. Totals are exact.
 */
export class EmbeddedCompanySearch implements CompanySearchIndex {
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
  /** word → id, and back. Words stay once seen (a vocabulary grows slowly). */
  private readonly dictionary = new Map<string, number>();
  private readonly words: string[] = [];
  /** The distinct word ids of a slot: `wordPool[wordStart[slot]..+wordCount[slot]]`; rewrites append. */
  private wordPool = new Uint32Array(0);
  private poolUsed = 0;
  private wordStart = new Uint32Array(0);
  private wordCount = new Uint32Array(0);
  private flags = new Uint8Array(0);
  private lat = new Float64Array(0);
  private lng = new Float64Array(0);
  /** The position as a unit vector. */
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private z = new Float64Array(0);
  private rating = new Float64Array(0);
  private reviewCount = new Float64Array(0);
  /** 0: none; otherwise the code + 1 of the price range in `priceCodes`. */
  private price = new Uint8Array(0);
  private readonly priceCodes = new Map<string, number>();
  /** slug → 1 at the slots of companies offering it. */
  private readonly services = new Map<string, Uint8Array>();
  private readonly vehicleTypes = new Map<string, Uint8Array>();

  private snapshot: Snapshot | undefined;
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

  /** An empty index. */
  static create(): EmbeddedCompanySearch {
    return new EmbeddedCompanySearch();
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
      this.clearSlot(slot);
      this.flags[slot] = 0;
      this.ids[slot] = this.nameKeys[slot] = this.states[slot] = '';
      this.wordCount[slot] = 0;
      this.markDirty(slot);
      this.freeSlots.push(slot);
    }
  }

  async clear(): Promise<void> {
    this.slotOf.clear();
    this.versionOf.clear();
    this.freeSlots.length = 0;
    this.used = 0;
    this.capacity = 0;
    this.ids = [];
    this.nameKeys = [];
    this.states = [];
    this.dictionary.clear();
    this.words.length = 0;
    this.wordPool = new Uint32Array(0);
    this.poolUsed = 0;
    this.wordStart = new Uint32Array(0);
    this.wordCount = new Uint32Array(0);
    this.flags = new Uint8Array(0);
    this.lat = new Float64Array(0);
    this.lng = new Float64Array(0);
    this.x = new Float64Array(0);
    this.y = new Float64Array(0);
    this.z = new Float64Array(0);
    this.rating = new Float64Array(0);
    this.reviewCount = new Float64Array(0);
    this.price = new Uint8Array(0);
    this.priceCodes.clear();
    this.services.clear();
    this.vehicleTypes.clear();
    this.snapshot = undefined;
    this.dirty.clear();
    this.dirtyMark = new Uint8Array(0);
    this.stamp = new Uint32Array(0);
    this.matchSlots = new Uint32Array(0);
    this.matchChords = new Float64Array(0);
    this.textSlots = new Uint32Array(0);
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

  async close(): Promise<void> {
    await this.clear();
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const snapshot = this.freshSnapshot();
    const accept = this.filter(query);
    if (!accept) return { hits: [], total: 0 };
    const total = this.collect(snapshot, query, accept);
    const from = (query.page - 1) * query.limit;
    const to = Math.min(from + query.limit, MAX_RESULT_WINDOW, total);
    if (from >= to) return { hits: [], total };
    const order = topK(total, to, this.comparator(query));
    const hits: SearchHit[] = [];
    for (let i = from; i < to; i++) {
      const id = this.ids[this.matchSlots[order[i]]];
      const chord2 = this.matchChords[order[i]];
      hits.push(
        Number.isFinite(chord2) ? { id, distanceMiles: 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(chord2) / 2)) } : { id },
      );
    }
    return { hits, total };
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
    this.writeWords(slot, companyWords(doc.name, doc.description));
    this.flags[slot] = ALIVE | (location ? LOCATED : 0) | (doc.featured ? FEATURED : 0) | (doc.suspended ? SUSPENDED : 0);
    this.lat[slot] = location?.latitude ?? 0;
    this.lng[slot] = location?.longitude ?? 0;
    [this.x[slot], this.y[slot], this.z[slot]] = unitVector(this.lat[slot], this.lng[slot]);
    this.rating[slot] = doc.rating;
    this.reviewCount[slot] = doc.reviewCount;
    this.price[slot] = doc.priceRange === null ? 0 : this.priceCode(doc.priceRange);
    for (const slug of doc.services) this.column(this.services, slug)[slot] = 1;
    for (const slug of doc.vehicleTypes) this.column(this.vehicleTypes, slug)[slot] = 1;
    this.markDirty(slot);
  }

  private writeWords(slot: number, words: string[]): void {
    if (this.poolUsed + words.length > this.wordPool.length) {
      const pool = new Uint32Array(Math.max(4096, (this.poolUsed + words.length) * 2));
      pool.set(this.wordPool.subarray(0, this.poolUsed));
      this.wordPool = pool;
    }
    this.wordStart[slot] = this.poolUsed;
    this.wordCount[slot] = words.length;
    for (const word of words) {
      let id = this.dictionary.get(word);
      if (id === undefined) {
        id = this.words.push(word) - 1;
        this.dictionary.set(word, id);
      }
      this.wordPool[this.poolUsed++] = id;
    }
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
   * the same type. The scratch columns (dirty marks, stamps, matches) start empty.
   */
  private mapColumns(map: <T extends Uint8Array | Uint32Array | Float64Array>(column: T, make: (n: number) => T) => T): void {
    this.flags = map(this.flags, (n) => new Uint8Array(n));
    this.lat = map(this.lat, (n) => new Float64Array(n));
    this.lng = map(this.lng, (n) => new Float64Array(n));
    this.x = map(this.x, (n) => new Float64Array(n));
    this.y = map(this.y, (n) => new Float64Array(n));
    this.z = map(this.z, (n) => new Float64Array(n));
    this.rating = map(this.rating, (n) => new Float64Array(n));
    this.reviewCount = map(this.reviewCount, (n) => new Float64Array(n));
    this.price = map(this.price, (n) => new Uint8Array(n));
    this.wordStart = map(this.wordStart, (n) => new Uint32Array(n));
    this.wordCount = map(this.wordCount, (n) => new Uint32Array(n));
    for (const columns of [this.services, this.vehicleTypes]) {
      for (const [slug, column] of columns)
        columns.set(
          slug,
          map(column, (n) => new Uint8Array(n)),
        );
    }
    const size = this.flags.length;
    this.dirtyMark = new Uint8Array(size);
    this.stamp = new Uint32Array(size);
    this.epoch = 0;
    this.matchSlots = new Uint32Array(size);
    this.matchChords = new Float64Array(size);
    this.textSlots = new Uint32Array(size);
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
    const geoSlots = new Uint32Array(located.length);
    const order: number[] = [];
    if (located.length > 0) {
      geo = new KDBush(located.length, 64, Float64Array);
      for (const slot of located) geo.add(this.lng[slot], this.lat[slot]);
      geo.finish();
      // The tree's point k is the insertion geo.ids[k]: slot k from now on.
      geo.ids.forEach((inserted, k) => {
        order.push(located[inserted]);
        geoSlots[inserted] = k;
      });
    }
    for (const slot of unlocated) order.push(slot);
    this.renumber(order);
    const all = Uint32Array.from(order, (_, slot) => slot);
    let liveWords = 0;
    for (const slot of all) liveWords += this.wordCount[slot];

    const byState = new Map<string, number[]>();
    for (const slot of all) {
      const inState = byState.get(this.states[slot]);
      if (inState) inState.push(slot);
      else byState.set(this.states[slot], [slot]);
    }

    // Compact the word pool (rewrites left their old ranges behind), counting each word's companies.
    const dictionarySize = this.words.length;
    const offsets = new Uint32Array(dictionarySize + 1);
    // Room for the rewrites to come before the next compaction, without doubling the pool.
    const pool = new Uint32Array(liveWords + (liveWords >> 3) + 4096);
    let used = 0;
    for (const slot of all) {
      const start = this.wordStart[slot];
      const end = start + this.wordCount[slot];
      this.wordStart[slot] = used;
      for (let i = start; i < end; i++) {
        const word = this.wordPool[i];
        pool[used++] = word;
        offsets[word + 1]++;
      }
    }
    this.wordPool = pool;
    this.poolUsed = used;
    for (let w = 0; w < dictionarySize; w++) offsets[w + 1] += offsets[w];
    const postings = new Uint32Array(used);
    const cursor = offsets.slice(0, dictionarySize);
    for (const slot of all) {
      const start = this.wordStart[slot];
      const end = start + this.wordCount[slot];
      for (let i = start; i < end; i++) postings[cursor[pool[i]]++] = slot;
    }
    const inUse: number[] = [];
    for (let w = 0; w < dictionarySize; w++) if (offsets[w + 1] > offsets[w]) inUse.push(w);
    const { words } = this;
    inUse.sort((a, b) => (words[a] < words[b] ? -1 : 1));

    this.snapshot = {
      geo,
      geoSlots,
      byState: new Map([...byState].map(([state, slots]) => [state, Uint32Array.from(slots)])),
      all,
      postings,
      offsets,
      dictionarySize,
      sortedWords: Uint32Array.from(inUse),
    };
    // Renumbering cleared every dirty mark; the dirty slots are all in the snapshot now.
    this.dirty.clear();
  }

  /**
   * The test every match passes besides geography and text, or null when a filter names a value no
   * company has (nothing can match).
   */
  private filter(query: SearchQuery): ((slot: number) => boolean) | null {
    const { flags, rating, states, price } = this;
    const service = query.service === undefined ? undefined : this.services.get(query.service);
    if (query.service !== undefined && !service) return null;
    const vehicles = (query.vehicleTypes ?? []).map((slug) => this.vehicleTypes.get(slug)).filter((c): c is Uint8Array => c !== undefined);
    if (query.vehicleTypes?.length && vehicles.length === 0) return null;
    const priceCode = query.priceRange === undefined ? 0 : (this.priceCodes.get(query.priceRange) ?? -1);
    if (priceCode < 0) return null;
    const { minRating, state } = query;
    return (slot) => {
      if (!(flags[slot] & ALIVE)) return false;
      if (service && service[slot] === 0) return false;
      if (priceCode && price[slot] !== priceCode) return false;
      if (minRating !== undefined && !(rating[slot] >= minRating)) return false;
      if (state !== undefined && states[slot] !== state) return false;
      if (vehicles.length > 0) {
        for (const column of vehicles) if (column[slot] === 1) return true;
        return false;
      }
      return true;
    };
  }

  /**
   * Writes every match of the query into `matchSlots`, with its squared chord to `near` (when there
   * is one) into `matchChords`; returns how many.
   */
  private collect(snapshot: Snapshot, query: SearchQuery, accept: (slot: number) => boolean): number {
    const { near, radiusMiles } = query;
    const { flags, x, y, z, dirtyMark, matchSlots, matchChords } = this;
    const [qx, qy, qz] = near ? unitVector(near.latitude, near.longitude) : [0, 0, 0];
    const radius = near && radiusMiles !== undefined ? radiusMiles : undefined;
    const maxChord2 = radius === undefined ? Infinity : (2 * Math.sin(radius / EARTH_RADIUS_MILES / 2)) ** 2;
    let count = 0;
    const add = (slot: number): void => {
      let chord2 = Infinity;
      if (near && flags[slot] & LOCATED) {
        const dx = x[slot] - qx;
        const dy = y[slot] - qy;
        const dz = z[slot] - qz;
        chord2 = dx * dx + dy * dy + dz * dz;
      }
      if (radius !== undefined && !(chord2 <= maxChord2)) return;
      matchSlots[count] = slot;
      matchChords[count] = chord2;
      count++;
    };

    const terms = query.text === undefined ? undefined : queryTerms(query.text);
    if (terms?.prefix !== undefined) {
      const groups = this.termGroups(snapshot, terms.exact, terms.prefix);
      const [found, length] = this.textMatches(groups);
      for (let i = 0; i < length; i++) if (dirtyMark[found[i]] === 0 && accept(found[i])) add(found[i]);
      for (const slot of this.dirty) if (accept(slot) && groups.every((group) => this.hasAnyWord(slot, group.ids))) add(slot);
      return count;
    }

    if (near && radius !== undefined) {
      if (snapshot.geo) {
        const { geo, geoSlots } = snapshot;
        for (const [minLng, minLat, maxLng, maxLat] of boundingBoxes(near.latitude, near.longitude, radius)) {
          for (const i of geo.range(minLng, minLat, maxLng, maxLat)) {
            const slot = geoSlots[i];
            if (dirtyMark[slot] === 0 && accept(slot)) add(slot);
          }
        }
      }
    } else {
      const candidates = query.state === undefined ? snapshot.all : snapshot.byState.get(query.state);
      if (candidates) for (const slot of candidates) if (dirtyMark[slot] === 0 && accept(slot)) add(slot);
    }
    for (const slot of this.dirty) if (accept(slot)) add(slot);
    return count;
  }

  /** The words of a text query (every exact word, then the prefix) as dictionary ids and snapshot posting lists. */
  private termGroups(snapshot: Snapshot, exact: string[], prefix: string): TermGroup[] {
    const { postings, offsets, dictionarySize, sortedWords } = snapshot;
    const group = (ids: number[]): TermGroup => {
      const lists = ids.filter((id) => id < dictionarySize).map((id) => postings.subarray(offsets[id], offsets[id + 1]));
      return { ids: new Set(ids), lists, size: lists.reduce((n, list) => n + list.length, 0) };
    };
    const groups = exact.map((word) => group(this.dictionary.has(word) ? [this.dictionary.get(word)!] : []));
    const { words } = this;
    const prefixIds: number[] = [];
    let lo = 0;
    let hi = sortedWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[sortedWords[mid]] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sortedWords.length && words[sortedWords[i]].startsWith(prefix); i++) prefixIds.push(sortedWords[i]);
    // Words first seen since the snapshot (only dirty companies have them).
    for (let id = dictionarySize; id < words.length; id++) if (words[id].startsWith(prefix)) prefixIds.push(id);
    groups.push(group(prefixIds));
    return groups;
  }

  /** Whether the company at `slot` has one of the words `ids`. */
  private hasAnyWord(slot: number, ids: Set<number>): boolean {
    const start = this.wordStart[slot];
    const end = start + this.wordCount[slot];
    for (let i = start; i < end; i++) if (ids.has(this.wordPool[i])) return true;
    return false;
  }

  /**
   * The snapshot slots matching every group, as the first `count` of an array (dirty slots among
   * them must be skipped). Starts from the smallest group; a much larger one is checked on the
   * candidates' own words instead of being walked.
   */
  private textMatches(groups: TermGroup[]): [Uint32Array, number] {
    const [first, ...rest] = [...groups].sort((a, b) => a.size - b.size);
    // One word with one posting list (a common case: "wedding"): that list is the answer.
    if (rest.length === 0 && first.lists.length === 1) return [first.lists[0], first.lists[0].length];
    const { dirtyMark, stamp, textSlots: out } = this;
    let count = 0;
    let epoch = this.nextEpoch();
    for (const list of first.lists) {
      for (const slot of list) {
        // One list has no duplicates; the lists of a prefix may share slots.
        if (dirtyMark[slot] === 1 || (first.lists.length > 1 && stamp[slot] === epoch)) continue;
        stamp[slot] = epoch;
        out[count++] = slot;
      }
    }
    for (const group of rest) {
      let kept = 0;
      if (group.size > count * 8) {
        for (let i = 0; i < count; i++) if (this.hasAnyWord(out[i], group.ids)) out[kept++] = out[i];
      } else {
        epoch = this.nextEpoch();
        for (const list of group.lists) for (const slot of list) stamp[slot] = epoch;
        for (let i = 0; i < count; i++) if (stamp[out[i]] === epoch) out[kept++] = out[i];
      }
      count = kept;
    }
    return [out, count];
  }

  private nextEpoch(): number {
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    return ++this.epoch;
  }

  /** The port's ranking, as a comparison of two indexes into the current matches. */
  private comparator(query: SearchQuery): (i: number, j: number) => number {
    const { flags, rating, reviewCount, nameKeys, ids, matchSlots: slots, matchChords: chords } = this;
    const byDistance = query.near !== undefined;
    const byNameAndId = (a: number, b: number): number => {
      const na = nameKeys[a];
      const nb = nameKeys[b];
      if (na !== nb) return na < nb ? -1 : 1;
      return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
    };
    // Infinity - Infinity is NaN, which is falsy: two companies without coordinates tie on distance.
    if (query.sort === 'distance' && byDistance) {
      return (i, j) => {
        const a = slots[i];
        const b = slots[j];
        return (flags[a] & SUSPENDED) - (flags[b] & SUSPENDED) || chords[i] - chords[j] || byNameAndId(a, b);
      };
    }
    if (query.sort === 'rating') {
      return (i, j) => {
        const a = slots[i];
        const b = slots[j];
        return (
          (flags[a] & SUSPENDED) - (flags[b] & SUSPENDED) || rating[b] - rating[a] || reviewCount[b] - reviewCount[a] || byNameAndId(a, b)
        );
      };
    }
    return (i, j) => {
      const a = slots[i];
      const b = slots[j];
      return (
        (flags[a] & SUSPENDED) - (flags[b] & SUSPENDED) ||
        (flags[b] & FEATURED) - (flags[a] & FEATURED) ||
        (byDistance ? chords[i] - chords[j] : 0) ||
        rating[b] - rating[a] ||
        reviewCount[b] - reviewCount[a] ||
        byNameAndId(a, b)
      );
    };
  }
}

/** The point on the unit sphere at (lat, lng). */
function unitVector(lat: number, lng: number): [number, number, number] {
  const cosLat = Math.cos(lat * RAD);
  return [cosLat * Math.cos(lng * RAD), cosLat * Math.sin(lng * RAD), Math.sin(lat * RAD)];
}

/**
 * Boxes (minLng, minLat, maxLng, maxLat) covering every point within `miles` of the centre: one,
 * or two when the circle crosses the antimeridian; the full width of longitudes near a pole.
 */
function boundingBoxes(lat: number, lng: number, miles: number): Array<[number, number, number, number]> {
  const angle = miles / EARTH_RADIUS_MILES;
  const minLat = lat - angle / RAD;
  const maxLat = lat + angle / RAD;
  if (minLat <= -90 || maxLat >= 90 || Math.sin(angle) >= Math.cos(lat * RAD)) {
    return [[-180, Math.max(-90, minLat), 180, Math.min(90, maxLat)]];
  }
  const halfWidth = Math.asin(Math.sin(angle) / Math.cos(lat * RAD)) / RAD;
  const minLng = lng - halfWidth;
  const maxLng = lng + halfWidth;
  if (minLng < -180)
    return [
      [minLng + 360, minLat, 180, maxLat],
      [-180, minLat, maxLng, maxLat],
    ];
  if (maxLng > 180)
    return [
      [minLng, minLat, 180, maxLat],
      [-180, minLat, maxLng - 360, maxLat],
    ];
  return [[minLng, minLat, maxLng, maxLat]];
}

/** The `k` smallest of 0..n-1 under `compare`, sorted; a bounded heap when k is much smaller than n. */
function topK(n: number, k: number, compare: (i: number, j: number) => number): number[] {
  if (k * 4 >= n)
    return Array.from({ length: n }, (_, i) => i)
      .sort(compare)
      .slice(0, k);
  // Max-heap of the best k so far: the worst of them at the root.
  const heap: number[] = [];
  const up = (at: number): void => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (compare(heap[at], heap[parent]) <= 0) return;
      [heap[at], heap[parent]] = [heap[parent], heap[at]];
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
      [heap[at], heap[worse]] = [heap[worse], heap[at]];
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
