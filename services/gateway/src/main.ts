import { edgeEntry, runStandalone } from '@limo/platform';
import { gatewayService } from './service.js';

// Distributed profile: the gateway alone, reaching the services at their *_URL.
await runStandalone(edgeEntry(gatewayService));
