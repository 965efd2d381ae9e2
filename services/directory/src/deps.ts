import type { AuditTrail, BlobStore, ServiceContext } from '@limo/platform';
import type { CompanyEdits } from './use-cases/company-edits.js';
import type { CredentialWatch } from './use-cases/credential-watch.js';
import type { TopRatedJudge } from './use-cases/top-rated.js';
import type { OwnerNotices } from './use-cases/owner-notices.js';
import type { AuditLogRepository } from './repositories/audit-log.repository.js';
import type { ChangeRequestsRepository } from './repositories/change-requests.repository.js';
import type { CompaniesRepository } from './repositories/companies.repository.js';
import type { ImagesRepository } from './repositories/images.repository.js';
import type { ReviewsRepository } from './repositories/reviews.repository.js';
import type { CompanySearchIndex } from '@limo/company-search';
import type { CompanyJsonCache } from './search/company-json.js';
import type { SearchProjection } from './search/projection.js';
import type { SearchCache } from './search/search-cache.js';
import type { DirectorySettings } from './settings.js';

/** What the directory's routes and consumers are built from. */
export interface DirectoryDeps {
  ctx: ServiceContext;
  /** The directory's own settings. */
  settings: DirectorySettings;
  companies: CompaniesRepository;
  reviews: ReviewsRepository;
  changeRequests: ChangeRequestsRepository;
  images: ImagesRepository;
  blobs: BlobStore;
  search: CompanySearchIndex;
  searchCache: SearchCache;
  /** Companies' public JSON beside the search index (by revision beside a shared index). */
  companyJson: CompanyJsonCache;
  projection: SearchProjection;
  edits: CompanyEdits;
  /** Mails to owners about their listing and change requests. */
  notices: OwnerNotices;
  /** Records this service's admin actions (published as `audit.recorded.v1`). */
  audit: AuditTrail;
  /** The one audit log of every service's admin actions. */
  auditLog: AuditLogRepository;
  /** The insurance expiry check (reminders, the insured badge's lapse). */
  credentialWatch: CredentialWatch;
  /** The Top Rated badge's judge (and its periodic check as verified reviews age). */
  topRated: TopRatedJudge;
  /** The clock badges and the expiry check read (tests hand in their own). */
  now: () => Date;
}
