export { createDirectoryService } from './app.js';
