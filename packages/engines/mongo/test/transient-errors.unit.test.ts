import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isTransientError } from '@limo/platform';

// The platform's retry rule knows MongoDB's errors as mongoose throws them.
describe('isTransientError on MongoDB errors', () => {
  it('knows an unreachable or overloaded server', () => {
    const { MongoNetworkError, MongoServerSelectionError, MongoNetworkTimeoutError } = mongoose.mongo;
    expect(isTransientError(new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'))).toBe(true);
    expect(isTransientError(new MongoNetworkTimeoutError('connection timed out'))).toBe(true);
    expect(isTransientError(new MongoServerSelectionError('Server selection timed out after 10000 ms', {} as never))).toBe(true);
    expect(isTransientError(new mongoose.Error('Operation `companies.findOne()` buffering timed out after 10000ms'))).toBe(true);
  });

  it('does not excuse a client this process closed itself: no retry mends that', () => {
    expect(isTransientError(new mongoose.mongo.MongoTopologyClosedError())).toBe(false);
  });
});
