import { elasticsearchEngine } from '@limo/engine-elasticsearch';
import { kafkaEngine } from '@limo/engine-kafka';
import { mongoEngine } from '@limo/engine-mongo';
import { redisEngine } from '@limo/engine-redis';
import { smtpEngine } from '@limo/engine-smtp';
import { runStandalone, serviceEntry } from '@limo/platform';
import { directoryService } from './app.js';

// Distributed profile: the service alone, on the engines whose URLs are set (each one's adapters passed here).
await runStandalone(serviceEntry(directoryService), {
  ...elasticsearchEngine,
  ...kafkaEngine,
  ...mongoEngine,
  ...redisEngine,
  ...smtpEngine,
});
