import { runStandalone } from '@limo/platform';
import { createIdentityService } from './app.js';

await runStandalone('identity', createIdentityService);
