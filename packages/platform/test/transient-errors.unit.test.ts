import mongoose from 'mongoose';
import { MultipleErrors, NetworkError, TimeoutError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { isTransientError, TransientError } from '../src/errors.js';

// Which failures an event handler retries until they pass (never dead-lettering its event) and which
// count towards its attempts: the drivers' own error classes, as the engines throw them.
describe('isTransientError', () => {
  it('knows an unreachable or overloaded engine', () => {
    const { MongoNetworkError, MongoServerSelectionError, MongoNetworkTimeoutError } = mongoose.mongo;
    expect(isTransientError(new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'))).toBe(true);
    expect(isTransientError(new MongoNetworkTimeoutError('connection timed out'))).toBe(true);
    expect(isTransientError(new MongoServerSelectionError('Server selection timed out after 10000 ms', {} as never))).toBe(true);
    expect(isTransientError(new mongoose.Error('Operation `companies.findOne()` buffering timed out after 10000ms'))).toBe(true);
    expect(isTransientError(new NetworkError('Connection to 127.0.0.1:9092 failed.'))).toBe(true);
    expect(isTransientError(new TimeoutError('Request timed out'))).toBe(true);
    // Elasticsearch's client: a 429 or 503 from a node shedding load.
    expect(
      isTransientError(Object.assign(new Error('es_rejected_execution_exception'), { name: 'ResponseError', meta: { statusCode: 429 } })),
    ).toBe(true);
    expect(isTransientError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientError(new TransientError('SMTP server away'))).toBe(true);
  });

  it('looks through the causes a library wraps around it', () => {
    // @platformatic/kafka's retries that ran out: the failures in `errors`, not `cause`.
    const attempts = [new NetworkError('Connection to 127.0.0.1:9092 failed.'), new NetworkError('Connection closed')];
    expect(isTransientError(new MultipleErrors('produce failed 6 times.', attempts))).toBe(true);
    expect(isTransientError(new Error('projection failed', { cause: Object.assign(new Error('x'), { code: 'ETIMEDOUT' }) }))).toBe(true);
  });

  it('does not excuse a bug, a bad event or a broken rule', () => {
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientError(new Error('quotes: unexpected event type x on the company topics'))).toBe(false);
    expect(isTransientError(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError', code: 11000 }))).toBe(false);
    expect(
      isTransientError(Object.assign(new Error('mapper_parsing_exception'), { name: 'ResponseError', meta: { statusCode: 400 } })),
    ).toBe(false);
    // This process closed its own client: no retry mends that.
    expect(isTransientError(new mongoose.mongo.MongoTopologyClosedError())).toBe(false);
    expect(isTransientError('a string')).toBe(false);
    expect(isTransientError(null)).toBe(false);
  });
});
