/**
 * Fresh client addresses `<prefix>.x.y`, one a call, so the per-IP limits of one test never trip
 * another. Give each test file its own prefix.
 */
export function ipSequence(prefix: string): () => string {
  let counter = 0;
  return () => `${prefix}.${Math.floor(++counter / 250)}.${counter % 250}`;
}
