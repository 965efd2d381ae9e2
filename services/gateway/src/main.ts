import { redisEngine } from '@limo/engine-redis';
import { edgeEntry, runStandalone } from '@limo/platform';
import { gatewayService } from './service.js';

// Distributed profile: the gateway alone, reaching the services at their *_URL; its rate limiter on Redis when REDIS_URL is set.
await runStandalone(edgeEntry(gatewayService), redisEngine);
