import { ownerScope } from '@limo/platform';
import type { DirectoryDeps } from '../deps.js';
import { credentialRoutes } from './credentials/index.js';
import { galleryRoutes } from './my-companies/gallery/index.js';
import { myCompaniesRoutes } from './my-companies/index.js';
import { reviewReplyRoutes } from './reviews/reply/index.js';

/**
 * Directory's owner routes (`/api/my-companies/*`, the reply to a review of one's company), behind the
 * owner scope's one guard (401 signed out); each route still checks the company is the caller's.
 */
export const ownerRoutes = ownerScope<DirectoryDeps>(myCompaniesRoutes, galleryRoutes, credentialRoutes, reviewReplyRoutes);
