import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_ACTION_TYPES,
  fastPathOf,
  fastTrackBatch,
  fastTrackEvent,
  TRACK_LIMITS,
  trackBatchBodySchema,
  trackEventBodySchema,
} from '@limo/contracts';

// The track routes check their bodies by hand first (zod is slow per object) and fall back to the
// schema. Whatever the input, the fast check may only answer what the schema answers.

const HOUR = 60 * 60 * 1000;
/** Text near a limit, with spaces to trim, empty or blank. */
const textNear = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('', ' ', '  \t', 'direct', ' /page ', '/', '\u00a0x\u2028') },
    { weight: 4, arbitrary: fc.string({ maxLength: 8 }) },
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => 'x'.repeat(Math.max(0, n))),
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => ` ${'y'.repeat(Math.max(0, n - 2))} `),
  );
/** Anything JSON may carry, for the wrong type in a field. */
const odd = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.constant({}),
  fc.constant(['a']),
  fc.constant({ a: 1 }),
);
/** A field: absent, or mostly of its own kind, rarely anything else (so many events are valid). */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.option(fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: odd }), { nil: undefined, freq: 3 });
const timestamp = fc.oneof(
  fc.integer({ min: -30 * HOUR, max: 2 * HOUR }).map((d) => new Date(Date.now() + d).toISOString()),
  fc.constantFrom('2024-01-01', 'yesterday', '', 'T', '2025-13-45T00:00:00Z', new Date().toISOString().slice(0, 19)),
  fc.integer({ min: -HOUR, max: HOUR }).map((d) => `${new Date(Date.now() + d).toISOString()}${' '.repeat(30)}`),
);

const event = fc.record(
  {
    sessionId: fc.oneof({ weight: 9, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) }, field(textNear(TRACK_LIMITS.sessionId))),
    userAgent: field(textNear(TRACK_LIMITS.userAgent)),
    deviceType: field(fc.constantFrom('mobile', 'tablet', 'desktop', 'tv', '')),
    referrer: field(textNear(TRACK_LIMITS.referrer)),
    timestamp: field(timestamp),
    actionType: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...ANALYTICS_ACTION_TYPES) },
      field(fc.constantFrom(...ANALYTICS_ACTION_TYPES, 'click', '')),
    ),
    currentPage: field(textNear(TRACK_LIMITS.page)),
    landingPage: field(textNear(TRACK_LIMITS.page)),
    searchQuery: field(textNear(TRACK_LIMITS.searchQuery)),
    searchFilters: field(
      fc.oneof(textNear(TRACK_LIMITS.searchFilters), fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }))),
    ),
    companyId: field(textNear(TRACK_LIMITS.companyId)),
    companyIds: field(fc.array(fc.oneof(fc.constantFrom('c1', 'c2', '', ' '), textNear(TRACK_LIMITS.companyId)), { maxLength: 102 })),
    timeSpent: field(fc.oneof(fc.integer({ min: -2, max: 86_402 }), fc.double({ min: 0, max: 100 }))),
    extra: field(fc.string()),
  },
  { requiredKeys: [] },
);

/** What zod answers: the output, or 'refused' (the schema's refinement throws on null: a 400 too). */
const viaZod = (schema: typeof trackEventBodySchema | typeof trackBatchBodySchema, value: unknown) => {
  try {
    const result = schema.safeParse(value);
    return result.success ? result.data : 'refused';
  } catch {
    return 'refused';
  }
};

describe('the track bodies fast check', () => {
  it('accepts only what the schema accepts, with the same output', () => {
    let fast = 0;
    fc.assert(
      fc.property(fc.oneof(event, odd), (value) => {
        const answer = fastTrackEvent(value);
        const expected = viaZod(trackEventBodySchema, value);
        if (answer !== undefined) {
          fast++;
          expect(answer).toStrictEqual(expected);
        } else if (expected !== 'refused') {
          // What the fast check leaves to the schema although valid: search filters given as JSON.
          const filters = (value as { searchFilters?: unknown }).searchFilters;
          expect(typeof filters === 'object' && filters !== null, JSON.stringify(value)).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
    // The generator does reach the fast path (about 120 times in 5,000 runs; the fallback the rest of the time).
    expect(fast).toBeGreaterThan(40);
  });

  it('takes the common events the web app sends', () => {
    const now = new Date().toISOString();
    const sent = [
      { sessionId: 's1', actionType: 'page_view', currentPage: '/', landingPage: '/', referrer: 'direct', timestamp: now },
      { sessionId: ' s2 ', actionType: 'company_view', companyId: 'c1', deviceType: 'mobile', userAgent: 'UA' },
      { sessionId: 's3', actionType: 'search', searchQuery: ' limo ', searchFilters: '{"city":"Austin"}', companyIds: ['a', 'b', 'a'] },
      { sessionId: 's4', actionType: 'page_view', timeSpent: 12, searchFilters: '', referrer: null },
    ];
    for (const value of sent) expect(fastTrackEvent(value)).toStrictEqual(viaZod(trackEventBodySchema, value));
  });

  it('answers batches as the batch schema does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.record({ events: fc.array(event, { maxLength: 3 }) }), fc.record({ events: odd }), odd), (value) => {
        const answer = fastTrackBatch(value);
        if (answer !== undefined) expect(answer).toStrictEqual(viaZod(trackBatchBodySchema, value));
      }),
      { numRuns: 2_000 },
    );
    const events = Array.from({ length: 100 }, (_, i) => ({ sessionId: `s${i}`, actionType: 'page_view' }));
    expect(fastTrackBatch({ events })).toStrictEqual(viaZod(trackBatchBodySchema, { events }));
    expect(fastTrackBatch({ events: [...events, events[0]] })).toBeUndefined();
  });

  it('is what the services validator finds for both route schemas', () => {
    expect(fastPathOf(trackEventBodySchema)).toBeTypeOf('function');
    expect(fastPathOf(trackBatchBodySchema)).toBe(fastTrackBatch);
  });
});
