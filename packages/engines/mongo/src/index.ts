import type { EngineAdapters } from '@limo/platform';
import { GridFsBlobStore } from './gridfs.blob.js';
import { MongoDocumentStore } from './mongo.document-store.js';

export * from './mongo.document-store.js';
export * from './gridfs.blob.js';

/** The MongoDB engine, for a composition root's `EngineAdapters`: each service's store and its GridFS blobs. */
export const mongoEngine: Required<Pick<EngineAdapters, 'mongodb'>> = {
  mongodb: {
    store: (options) => MongoDocumentStore.create(options),
    blobs: (options) => GridFsBlobStore.create(options),
  },
};
