import type { BlobStore, ServiceContext } from '@limo/platform';
import type { CompanyEdits } from './operations/company-edits.js';
import type { ChangeRequestsRepository } from './repositories/change-requests.repository.js';
import type { CompaniesRepository } from './repositories/companies.repository.js';
import type { ImagesRepository } from './repositories/images.repository.js';
import type { ReviewsRepository } from './repositories/reviews.repository.js';
import type { CompanySearchIndex } from './search/company-search.port.js';
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
}
