import { createRequire } from 'node:module';

/** The public face of @seald-io/binary-search-tree's `AVLTree`, which every nedb index is. */
interface AvlTree {
  /** The live array of values stored under `key` (a fresh empty one when the key is absent). */
  search(key: unknown): unknown[];
  /** Deletes `value` from `key`, or the whole key without a value. */
  delete(key: unknown, value?: unknown): void;
}

const PATCHED = Symbol.for('limo.nedb.index-removal');

/**
 * Makes removing one document from a crowded index key cheap. A nedb index keeps the documents
 * sharing a key in one array, and its tree deletes one of them by copying the others into a new
 * array with a callback per element: every write to a document under a key shared by n documents
 * (quotes of one company under `companyId`) costs n callbacks and an n-element garbage array, so a
 * busy company's quotes made each delivery write slower than the last (the bench's profile: 35% of
 * the process in that loop and most of its GC). Here a value is removed in place (`indexOf`, which
 * nedb's identity equality allows, then `splice`); removing a key's last value, or a whole key, is
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
        const at = values.indexOf(value);
        if (at >= 0) values.splice(at, 1);
        return;
      }
    }
    deleteFromTree.call(this, key, value);
  };
  proto[PATCHED] = true;
}
