import { describe } from 'vitest';
import type { DocumentStore } from '../../src/ports/document-store.port.js';
import { atomicity } from './document-store/atomicity.js';
import { useDocumentStore, type DocumentStoreDeviations } from './document-store/context.js';
import { deleting } from './document-store/deleting.js';
import { outbox } from './document-store/outbox.js';
import { querying } from './document-store/querying.js';
import { relay } from './document-store/relay.js';
import { storing } from './document-store/storing.js';
import { uniqueness } from './document-store/uniqueness.js';
import { updating } from './document-store/updating.js';

export type { DocumentStoreDeviations } from './document-store/context.js';

/** The contract's features, one file each under document-store/ (as Emmett composes its suites). */
const documentStoreContract = { storing, uniqueness, querying, updating, atomicity, deleting, outbox, relay };

/**
 * The behaviour every DocumentStore adapter must have (MongoDB semantics for the port's filter and
 * update subset, unique indexes, atomic single-document updates, and the transactional outbox with
 * its relay). Each test gets a fresh store from `factory` and collections with names of its own.
 */
export function describeDocumentStoreContract(
  name: string,
  factory: () => Promise<DocumentStore>,
  deviations: DocumentStoreDeviations = {},
): void {
  describe(name, () => {
    const t = useDocumentStore(factory, deviations);
    documentStoreContract.storing(t);
    documentStoreContract.uniqueness(t);
    documentStoreContract.querying(t);
    documentStoreContract.updating(t);
    documentStoreContract.atomicity(t);
    documentStoreContract.deleting(t);
    documentStoreContract.outbox(t);
    documentStoreContract.relay(t);
  });
}
