import { createRequire } from 'node:module';

/** The public face of @seald-io/binary-search-tree's `AVLTree`, which every nedb index is. */
interface AvlTree {
  /** The live array of values stored under `key` (a fresh empty one when the key is absent). */
  search(key: unknown): unknown[];
  /** Deletes `value` from `key`, or the whole key without a value. */
  delete: (this: AvlTree, key: unknown, value?: unknown) => void;
}

const PATCHED = Symbol.for('limo.nedb.index-removal');

/**
 * Makes removing one document from a crowded index key cheap. A nedb index keeps the documents
 * sharing a key in one array, and its tree deletes one of them by copying the others into a new
 * array with a callback per element: every write to a document under a key shared by n documents
 * (quotes of one company under `companyId`) costs n callbacks and an n-element garbage array, so a
 * busy company's quotes made each delivery write slower than the last (the bench's profile: 35% of
 * the process in that loop and most of its GC). Here a value is removed in place (found by identity,
 * which nedb's equality allows, searching from both ends, then `splice`); removing a key's last value, or a whole key, is
 * left to the tree, which then rebalances as before.
 *
 * The tree class is taken from nedb's own dependency, so the one nedb uses is the one changed; it is
 * changed once per process, and only the behaviour for keys holding more than one value.
 */
export function speedUpNedbIndexRemoval(): void {
  const requireFromNedb = createRequire(createRequire(import.meta.url).resolve('@seald-io/nedb'));
  const { AVLTree } = requireFromNedb('@seald-io/binary-search-tree') as { AVLTree: { prototype: AvlTree & { [PATCHED]?: true } } };
  const proto = AVLTree.prototype;
  if (proto[PATCHED]) return;
  const deleteFromTree = proto.delete;
  proto.delete = function deleteValue(this: AvlTree, key: unknown, value?: unknown): void {
    if (value !== undefined) {
      const values = this.search(key);
      if (values.length > 1) {
        const at = indexFromEitherEnd(values, value);
        if (at >= 0) values.splice(at, 1);
        return;
      }
    }
    deleteFromTree.call(this, key, value);
  };
  proto[PATCHED] = true;
}

/**
 * Where `value` is in `values` (-1 when absent), looking from both ends at once. An update moves its
 * document to the end of each key it stays under (removed, then pushed back), so the documents being
 * worked on are near the end (just inserted or just claimed) or near the start (the oldest still
 * owing a mail, behind which the finished ones were moved): both are found in a few steps, where a
 * search from the start walked past every quote of a busy company.
 */
function indexFromEitherEnd(values: unknown[], value: unknown): number {
  for (let start = 0, end = values.length - 1; start <= end; start++, end--) {
    if (values[end] === value) return end;
    if (values[start] === value) return start;
  }
  return -1;
}
