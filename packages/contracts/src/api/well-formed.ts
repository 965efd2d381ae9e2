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

/** Why `text` is refused, or undefined when it is well-formed text. */
export function malformedTextReason(text: string): string | undefined {
  if (SURROGATE.test(text)) return 'is not well-formed Unicode (a lone surrogate)';
  if (CONTROL.test(text)) return 'must not contain control characters';
  if (BIDI.test(text)) return 'must not contain bidirectional control characters';
  return undefined;
}

/** The first string in `value` (its keys included) that is not well-formed text: its path and why. */
export function findMalformedText(value: unknown, path: string[] = [], depth = 0): { field: string; message: string } | undefined {
  if (typeof value === 'string') {
    const reason = malformedTextReason(value);
    return reason ? { field: path.join('.'), message: `${path.join('.') || 'value'} ${reason}` } : undefined;
  }
  // Deeper than any of our bodies: the body limit and the schemas deal with the rest.
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findMalformedText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyReason = malformedTextReason(key);
    if (keyReason) return { field: [...path, key].join('.'), message: `The name of a field ${keyReason}` };
    const found = findMalformedText(item, [...path, key], depth + 1);
    if (found) return found;
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
