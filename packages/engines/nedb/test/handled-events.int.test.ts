import { describeHandledEventsRetention } from '@limo/platform/testing';
import { NedbDocumentStore } from '../src/nedb.document-store.js';

describeHandledEventsRetention('handled_events retention: nedb', () => NedbDocumentStore.create());
