import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id derived from `parts`: the same parts always give the same id, so replaying a
 * fan-out inserts nothing twice (the unique `_id` refuses the copy).
 */
export function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
