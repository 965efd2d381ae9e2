import { runStandalone } from '@limo/platform';
import { createDirectoryService } from './app.js';

await runStandalone('directory', createDirectoryService);
