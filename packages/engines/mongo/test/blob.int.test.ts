import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeBlobContract, describeWithEngine } from '@limo/platform/testing';
import { GridFsBlobStore } from '../src/gridfs.blob.js';
import { dropDatabase, withDatabase } from './support/databases.js';

describeWithEngine('BlobStore contract: gridfs', 'MONGODB_URI', (uri) => {
  describeBlobContract('mongoose GridFSBucket', async () => {
    const database = `limo_test_blobs_${randomUUID().slice(0, 8)}`;
    const dbUri = withDatabase(uri, database);
    const store = await GridFsBlobStore.create({ uri: dbUri });
    return {
      store,
      async close() {
        await store.close();
        await dropDatabase(dbUri);
      },
    };
  });
});

describe('GridFsBlobStore.create', () => {
  it('fails fast with a clear message when nothing listens at the URI', async () => {
    await expect(GridFsBlobStore.create({ uri: 'mongodb://127.0.0.1:1/limo' })).rejects.toThrow(
      /^MongoDB unreachable at mongodb:\/\/127\.0\.0\.1:1\/limo: /,
    );
  }, 15_000);
});
