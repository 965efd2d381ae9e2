import { describe, expect, it } from 'vitest';
import { isTransientError, TransientError } from '../src/errors.js';

// Which failures an event handler retries until they pass (never dead-lettering its event) and which
// count towards its attempts (the Kafka and MongoDB drivers' own errors: their engines' tests).
describe('isTransientError', () => {
  it('knows an unreachable or overloaded engine', () => {
    // Elasticsearch's client: a 429 or 503 from a node shedding load.
    expect(
      isTransientError(Object.assign(new Error('es_rejected_execution_exception'), { name: 'ResponseError', meta: { statusCode: 429 } })),
    ).toBe(true);
    expect(isTransientError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientError(new TransientError('SMTP server away'))).toBe(true);
  });

  it('looks through the causes a library wraps around it', () => {
    expect(isTransientError(new Error('projection failed', { cause: Object.assign(new Error('x'), { code: 'ETIMEDOUT' }) }))).toBe(true);
  });

  it('does not excuse a bug, a bad event or a broken rule', () => {
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientError(new Error('quotes: unexpected event type x on the company topics'))).toBe(false);
    expect(isTransientError(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError', code: 11000 }))).toBe(false);
    expect(
      isTransientError(Object.assign(new Error('mapper_parsing_exception'), { name: 'ResponseError', meta: { statusCode: 400 } })),
    ).toBe(false);
    expect(isTransientError('a string')).toBe(false);
    expect(isTransientError(null)).toBe(false);
  });
});
