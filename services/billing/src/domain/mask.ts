/**
 * A key shown without its secret part: its prefix (`sk_live_`, `whsec_`) and last four characters,
 * e.g. `sk_live_…abcd`. Short keys show only the ellipsis and their last two.
 */
export function maskKey(key: string | null | undefined): string | null {
  if (!key) return null;
  const prefix = /^([a-z]+_(?:test_|live_)?)/.exec(key)?.[1] ?? '';
  const rest = key.slice(prefix.length);
  if (rest.length <= 8) return `${prefix}…${rest.slice(-2)}`;
  return `${prefix}…${rest.slice(-4)}`;
}
