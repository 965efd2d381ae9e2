import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDocumentStoreContract, describeWithEngine, type DocumentStoreDeviations } from '@limo/platform/testing';
import { MongoDocumentStore } from '../src/mongo.document-store.js';
import { dropDatabase, withConnection, withDatabase } from './support/databases.js';

const mongoDeviations: DocumentStoreDeviations = process.env.MONGODB_URI ? await serverDeviations(process.env.MONGODB_URI) : {};

describeWithEngine('DocumentStore contract: mongodb', 'MONGODB_URI', (uri) => {
  // A database of its own per run, dropped at the end (the URI is only built when the engine is set).
  const database = `limo_test_${randomUUID().slice(0, 8)}`;
  afterAll(() => dropDatabase(withDatabase(uri, database)));
  describeDocumentStoreContract('mongoose', () => MongoDocumentStore.create({ uri: withDatabase(uri, database) }), mongoDeviations);
});

describe('MongoDocumentStore.create', () => {
  it('fails fast with a clear message, without the password, when nothing listens at the URI', async () => {
    const started = Date.now();
    const error = await MongoDocumentStore.create({ uri: 'mongodb://limo:s3cret@127.0.0.1:1/limo' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^MongoDB unreachable at mongodb:\/\/limo:\*\*\*@127\.0\.0\.1:1\/limo: /);
    expect((error as Error).message).not.toContain('s3cret');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

/**
 * mongo-java-server (infra/local's engine; it answers no `hello`, which every MongoDB since 4.4 and
 * FerretDB do) applies concurrent findAndModify updates atomically but re-reads the document for
 * `returnDocument: 'after'`, so it may return another update's result. Real MongoDB runs that test.
 */
async function serverDeviations(uri: string): Promise<DocumentStoreDeviations> {
  try {
    return await withConnection(uri, async (connection) => {
      const hello = await connection.db
        ?.admin()
        .command({ hello: 1 })
        .catch((err: unknown) => err as { code?: number });
      return (hello as { code?: number } | undefined)?.code === 59
        ? {
            updateResultUnderConcurrency:
              "mongo-java-server returns the document re-read after concurrent updates, not this update's result",
          }
        : {};
    });
  } catch {
    // Unreachable: the contract suite reports it.
    return {};
  }
}
