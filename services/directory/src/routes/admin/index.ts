import { adminScope } from '@limo/platform';
import type { DirectoryDeps } from '../../deps.js';
import { auditLogRoutes } from './audit-log/index.js';
import { auditVerificationRoutes } from './audit-verification/index.js';
import { changeRequestRoutes } from './change-requests/index.js';
import { credentialVerificationRoutes } from './credential-verifications/index.js';
import { companiesByStateRoutes } from './companies-by-state/index.js';
import { adminCompanyRoutes } from './companies/index.js';
import { exportCompaniesRoutes } from './export-companies/index.js';
import { listingVerificationRoutes } from './listing-verifications/index.js';
import { populateRoutes } from './populate-database/index.js';
import { adminReviewRoutes } from './reviews/index.js';

/** Directory's `/api/admin/*` routes, behind the admin scope's one guard. */
export const adminRoutes = adminScope<DirectoryDeps>(
  adminCompanyRoutes,
  adminReviewRoutes,
  changeRequestRoutes,
  exportCompaniesRoutes,
  companiesByStateRoutes,
  populateRoutes,
  auditVerificationRoutes,
  listingVerificationRoutes,
  credentialVerificationRoutes,
  auditLogRoutes,
);
