import { runStandalone, serviceEntry } from '@limo/platform';
import { identityService } from './app.js';

await runStandalone(serviceEntry(identityService));
