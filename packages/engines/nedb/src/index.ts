import type { EngineAdapters } from '@limo/platform';
import { NedbDocumentStore } from './nedb.document-store.js';

export * from './nedb.document-store.js';

/** The NeDB engine, for a composition root's `EngineAdapters`: each service's store in files under DATA_DIR (embedded profile). */
export const nedbEngine: Required<Pick<EngineAdapters, 'nedb'>> = {
  nedb: (options) => NedbDocumentStore.create(options),
};
