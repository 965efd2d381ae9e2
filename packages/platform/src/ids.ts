import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id from the SHA-256 of `text`: the same text always gives the same id, so a replayed
 * write finds the document it made the first time. `versioned` stamps version 5 and the RFC 4122
 * variant into it (for readers that check UUIDs strictly); without it the digest's first 32 hex
 * digits stand as they are. Ids already stored were made one way or the other: keep each caller's.
 */
export function hashedUuid(text: string, options: { versioned: boolean }): string {
  const h = createHash('sha256').update(text).digest('hex');
  if (!options.versioned) return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
