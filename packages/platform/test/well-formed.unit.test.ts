import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMalformedText } from '@limo/contracts';

// Every service's validator runs findMalformedText on each body before its schema; it was made cheaper
// (one scan for the common case, no path copies). The straightforward definition stays the oracle.
const SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[^\P{Cc}\t\n\r]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const reason = (text: string) =>
  SURROGATE.test(text)
    ? 'is not well-formed Unicode (a lone surrogate)'
    : CONTROL.test(text)
      ? 'must not contain control characters'
      : BIDI.test(text)
        ? 'must not contain bidirectional control characters'
        : undefined;
function oracle(value: unknown, path: string[] = [], depth = 0): { field: string; message: string } | undefined {
  if (typeof value === 'string') {
    const why = reason(value);
    return why ? { field: path.join('.'), message: `${path.join('.') || 'value'} ${why}` } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = oracle(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const why = reason(key);
    if (why) return { field: [...path, key].join('.'), message: `The name of a field ${why}` };
    const found = oracle(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Text with, now and then, the characters the check is about (and their harmless neighbours). */
const text = fc
  .array(
    fc.oneof(
      { weight: 12, arbitrary: fc.string({ maxLength: 4 }) },
      fc.constantFrom('\uD800', '\uDC00', '\uD83D\uDE00', '\u0000', '\t', '\n', '\r', '\u001F', '\u007F', '\u009F', '\u00A0'),
      fc.constantFrom('\u202A', '\u202E', '\u2066', '\u2069', '\u2028', '\u200F', '\uFEFF', 'é'),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
})).value;

describe('findMalformedText', () => {
  it('finds the same first malformed text, path and message as the plain definition', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(findMalformedText(value)).toEqual(oracle(value));
      }),
      { numRuns: 3_000 },
    );
  });

  it('reports a nested field and a field name', () => {
    expect(findMalformedText({ events: [{ sessionId: 's' }, { referrer: 'a\u0000' }] })).toEqual({
      field: 'events.1.referrer',
      message: 'events.1.referrer must not contain control characters',
    });
    expect(findMalformedText({ a: { ['b\uD800']: 1 } })).toEqual({
      field: 'a.b\uD800',
      message: 'The name of a field is not well-formed Unicode (a lone surrogate)',
    });
    expect(findMalformedText({ ok: ['\uD83D\uDE00 fine', 'é'] })).toBeUndefined();
  });
});
