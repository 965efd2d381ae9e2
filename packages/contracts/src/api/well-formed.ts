import { z } from 'zod';

/**
 * Text no field of ours accepts, whatever the field: a lone UTF-16 surrogate (not Unicode at all:
 * ClickHouse, MongoDB's BSON and every UTF-8 writer refuse or mangle it), NUL and the other C0
 * controls but tab, line feed and carriage return, DEL and the C1 controls, and the bidirectional
 * embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069), which make a name or a
 * review read differently from what it is ("Trojan Source").
 */
const SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Unicode's controls (Cc: C0, DEL, C1) but tab, line feed and carriage return. */
const CONTROL = /[^\P{Cc}\t\n\r]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Every code unit any of the three patterns can match, in one class: text without any (nearly all
 * of it) is well-formed after one scan instead of three; a surrogate pair passes on to the exact test.
 */
const SUSPECT = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;

/** Why `text` is refused, or undefined when it is well-formed text. */
export function malformedTextReason(text: string): string | undefined {
  if (!SUSPECT.test(text)) return undefined;
  if (SURROGATE.test(text)) return 'is not well-formed Unicode (a lone surrogate)';
  if (CONTROL.test(text)) return 'must not contain control characters';
  if (BIDI.test(text)) return 'must not contain bidirectional control characters';
  return undefined;
}

/** The first string in `value` (its keys included) that is not well-formed text: its path and why. */
export function findMalformedText(value: unknown, path: string[] = [], depth = 0): { field: string; message: string } | undefined {
  // One path, grown and shrunk on the way (no copy per value: this runs on every request's body).
  const at = [...path];
  const found = search(value, at, depth);
  return (
    found && {
      field: at.join('.'),
      message: found.key ? `The name of a field ${found.reason}` : `${at.join('.') || 'value'} ${found.reason}`,
    }
  );
}

/** The first malformed string under `value`, `path` left pointing at it; whether it is a key. */
function search(value: unknown, path: string[], depth: number): { reason: string; key: boolean } | undefined {
  if (typeof value === 'string') {
    const reason = malformedTextReason(value);
    return reason ? { reason, key: false } : undefined;
  }
  // Deeper than any of our bodies: the body limit and the schemas deal with the rest.
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || (typeof item !== 'string' && typeof item !== 'object')) continue;
      path.push(String(i));
      const found = search(item, path, depth + 1);
      if (found) return found;
      path.pop();
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    path.push(key);
    const keyReason = malformedTextReason(key);
    if (keyReason) return { reason: keyReason, key: true };
    const found = search((value as Record<string, unknown>)[key], path, depth + 1);
    if (found) return found;
    path.pop();
  }
  return undefined;
}

/**
 * The one refinement every text input of ours passes (see {@link malformedTextReason}): every route's
 * body, query and parameters are checked with it before their own schema, in every service.
 */
export const wellFormedInput = z.unknown().superRefine((value, ctx) => {
  const found = findMalformedText(value);
  if (found) ctx.addIssue({ code: 'custom', message: found.message, path: found.field ? found.field.split('.') : [] });
});
