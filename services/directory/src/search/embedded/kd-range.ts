import type KDBush from 'kdbush';

/** Scratch stack of the walk: three entries a pending node, at most a few per level of the tree. */
const STACK = new Uint32Array(3 * 64);

/**
 * The tree positions (0..numItems-1, in the tree's order) of the points inside the box, written
 * to `out` from 0; returns how many. kdbush's own `range` walk, answering positions rather than
 * insertion ids and into a reused array: the embedded index numbers its companies in the tree's
 * order, so a position is the company's slot, and the columns it reads next lie side by side in
 * memory (the ids of `range` sent each match through a lookup at a random place of a 400 KB table
 * first, and a new array a search).
 */
export function rangeInto(geo: KDBush, minX: number, minY: number, maxX: number, maxY: number, out: Uint32Array): number {
  const { coords, nodeSize } = geo;
  let count = 0;
  let sp = 0;
  STACK[sp++] = 0;
  STACK[sp++] = geo.numItems - 1;
  STACK[sp++] = 0;
  while (sp > 0) {
    const axis = STACK[--sp];
    const right = STACK[--sp];
    const left = STACK[--sp];
    if (right - left <= nodeSize) {
      for (let i = left; i <= right; i++) {
        const x = coords[2 * i];
        const y = coords[2 * i + 1];
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) out[count++] = i;
      }
      continue;
    }
    const m = (left + right) >> 1;
    const x = coords[2 * m];
    const y = coords[2 * m + 1];
    if (x >= minX && x <= maxX && y >= minY && y <= maxY) out[count++] = m;
    if (axis === 0 ? minX <= x : minY <= y) {
      STACK[sp++] = left;
      STACK[sp++] = m - 1;
      STACK[sp++] = 1 - axis;
    }
    if (axis === 0 ? maxX >= x : maxY >= y) {
      STACK[sp++] = m + 1;
      STACK[sp++] = right;
      STACK[sp++] = 1 - axis;
    }
  }
  return count;
}
