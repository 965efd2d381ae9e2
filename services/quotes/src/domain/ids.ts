import { hashedUuid } from '@limo/platform';

/**
 * A UUID-shaped id derived from `parts`: the same parts always give the same id, so replaying a
 * fan-out inserts nothing twice (the unique `_id` refuses the copy).
 */
export function derivedId(...parts: string[]): string {
  return hashedUuid(parts.join('\u0000'), { versioned: false });
}
