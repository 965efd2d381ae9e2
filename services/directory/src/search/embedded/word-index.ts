/**
 * The word index of the embedded search: a dictionary of words, each company's word ids in one pool
 * (by slot), and, once built, posting lists (word -> slots) in one array with the words in
 * alphabetical order for the last word's prefix.
 */

/** A change of every per-slot column: `make(n)` builds an empty column of the same type. */
export type ColumnMap = <T extends Uint8Array | Uint32Array | Float64Array>(column: T, make: (n: number) => T) => T;

/** The posting lists of the last build. */
export interface WordPostings {
  /** The slots having word w, ascending: `postings[offsets[w]..offsets[w + 1]]`, for w < `dictionarySize`. */
  postings: Uint32Array;
  offsets: Uint32Array;
  dictionarySize: number;
  /** The word ids in use, in the alphabetical order of their words, for prefix ranges. */
  sortedWords: Uint32Array;
}

/** A word of a text query and the ids of the dictionary words it matches (one, or every word with that prefix). */
export interface TermGroup {
  ids: Set<number>;
  /** Snapshot posting lists of those ids. */
  lists: Uint32Array[];
  size: number;
}

/** The search's per-slot scratch columns a text match works in. */
export interface TextScratch {
  /** 1 at the slots written since the build (their matches are checked one by one). */
  dirtyMark: Uint8Array;
  /** Marks for set intersections, valid where equal to the current epoch. */
  stamp: Uint32Array;
  out: Uint32Array;
  nextEpoch(): number;
}

/** The words of every company by slot, and the posting lists of the last build. */
export class WordIndex {
  /** word → id, and back. Words stay once seen (a vocabulary grows slowly). */
  private readonly dictionary = new Map<string, number>();
  private readonly words: string[] = [];
  /** The distinct word ids of a slot: `pool[wordStart[slot]..+wordCount[slot]]`; rewrites append. */
  private pool = new Uint32Array(0);
  private poolUsed = 0;
  private wordStart = new Uint32Array(0);
  private wordCount = new Uint32Array(0);

  /** Sets the words of the company at `slot`; its old range stays in the pool until the next `build`. */
  write(slot: number, words: string[]): void {
    if (this.poolUsed + words.length > this.pool.length) {
      const pool = new Uint32Array(Math.max(4096, (this.poolUsed + words.length) * 2));
      pool.set(this.pool.subarray(0, this.poolUsed));
      this.pool = pool;
    }
    this.wordStart[slot] = this.poolUsed;
    this.wordCount[slot] = words.length;
    for (const word of words) {
      let id = this.dictionary.get(word);
      if (id === undefined) {
        id = this.words.push(word) - 1;
        this.dictionary.set(word, id);
      }
      this.pool[this.poolUsed++] = id;
    }
  }

  /** Forgets the words of the company at `slot`. */
  remove(slot: number): void {
    this.wordCount[slot] = 0;
  }

  /** Applies a change of every per-slot column (growth, renumbering). */
  mapColumns(map: ColumnMap): void {
    this.wordStart = map(this.wordStart, (n) => new Uint32Array(n));
    this.wordCount = map(this.wordCount, (n) => new Uint32Array(n));
  }

  /** Compacts the pool to the words of `slots` (rewrites left their old ranges behind) and builds their posting lists. */
  build(slots: Uint32Array): WordPostings {
    let liveWords = 0;
    for (const slot of slots) liveWords += this.wordCount[slot];
    // Counting each word's companies on the way.
    const dictionarySize = this.words.length;
    const offsets = new Uint32Array(dictionarySize + 1);
    // Room for the rewrites to come before the next compaction, without doubling the pool.
    const pool = new Uint32Array(liveWords + (liveWords >> 3) + 4096);
    let used = 0;
    for (const slot of slots) {
      const start = this.wordStart[slot];
      const end = start + this.wordCount[slot];
      this.wordStart[slot] = used;
      for (let i = start; i < end; i++) {
        const word = this.pool[i];
        pool[used++] = word;
        offsets[word + 1]++;
      }
    }
    this.pool = pool;
    this.poolUsed = used;
    for (let w = 0; w < dictionarySize; w++) offsets[w + 1] += offsets[w];
    const postings = new Uint32Array(used);
    const cursor = offsets.slice(0, dictionarySize);
    for (const slot of slots) {
      const start = this.wordStart[slot];
      const end = start + this.wordCount[slot];
      for (let i = start; i < end; i++) postings[cursor[pool[i]]++] = slot;
    }
    const inUse: number[] = [];
    for (let w = 0; w < dictionarySize; w++) if (offsets[w + 1] > offsets[w]) inUse.push(w);
    const { words } = this;
    inUse.sort((a, b) => (words[a] < words[b] ? -1 : 1));
    return { postings, offsets, dictionarySize, sortedWords: Uint32Array.from(inUse) };
  }

  /** The words of a text query (every exact word, then the prefix) as dictionary ids and snapshot posting lists. */
  termGroups(built: WordPostings, exact: string[], prefix: string): TermGroup[] {
    const { postings, offsets, dictionarySize, sortedWords } = built;
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
  hasAnyWord(slot: number, ids: Set<number>): boolean {
    const start = this.wordStart[slot];
    const end = start + this.wordCount[slot];
    for (let i = start; i < end; i++) if (ids.has(this.pool[i])) return true;
    return false;
  }

  /**
   * The snapshot slots matching every group, as the first `count` of an array (dirty slots among
   * them are skipped). Starts from the smallest group; a much larger one is checked on the
   * candidates' own words instead of being walked.
   */
  textMatches(groups: TermGroup[], scratch: TextScratch): [Uint32Array, number] {
    const [first, ...rest] = [...groups].sort((a, b) => a.size - b.size);
    // One word with one posting list (a common case: "wedding"): that list is the answer.
    if (rest.length === 0 && first.lists.length === 1) return [first.lists[0], first.lists[0].length];
    const { dirtyMark, stamp, out } = scratch;
    let count = 0;
    let epoch = scratch.nextEpoch();
    // Indexed loops over the posting lists: `for...of` on a typed array allocates an iterator result
    // per element until the loop is optimised, and a search walks thousands.
    for (const list of first.lists) {
      for (let at = 0; at < list.length; at++) {
        const slot = list[at];
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
        epoch = scratch.nextEpoch();
        for (const list of group.lists) for (let at = 0; at < list.length; at++) stamp[list[at]] = epoch;
        for (let i = 0; i < count; i++) if (stamp[out[i]] === epoch) out[kept++] = out[i];
      }
      count = kept;
    }
    return [out, count];
  }
}
