import { describeHandledEventsRetention, describeWithEngine } from '@limo/platform/testing';
import { MongoDocumentStore } from '../src/mongo.document-store.js';

describeWithEngine('handled_events retention: mongodb', 'MONGODB_URI', (uri) => {
  describeHandledEventsRetention('mongoose', () => MongoDocumentStore.create({ uri }));
});
