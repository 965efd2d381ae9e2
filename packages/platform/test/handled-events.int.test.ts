import { NedbDocumentStore } from '../src/adapters/nedb.document-store.js';
import { describeHandledEventsRetention } from './contracts/handled-events.contract.js';

describeHandledEventsRetention('handled_events retention: nedb', () => NedbDocumentStore.create());
