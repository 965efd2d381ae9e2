import { randomUUID } from 'node:crypto';
import { preloadGazetteer } from '@limo/geo';
import {
  auditRecordedV1,
  claimApprovedV1,
  claimClaimantLinkedV1,
  claimRejectedV1,
  claimSubmittedV1,
  companyCreatedV1,
  companyDeletedV1,
  companyEvents,
  companyResponsivenessV1,
  companyUpdatedV1,
  listingRegisteredV1,
  reviewApprovedV1,
  reviewDeletedV1,
  reviewRejectedV1,
  reviewSubmittedV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
} from '@limo/contracts';
import {
  AuditTrail,
  blobStoreNeed,
  buildService,
  consumer,
  defineService,
  engineAdapter,
  need,
  type BlobStore,
  type BuiltService,
  type ServiceContext,
} from '@limo/platform';
import { onAuditRecorded } from './consumers/on-audit-recorded.js';
import { onClaimApproved } from './consumers/on-claim-approved.js';
import { onClaimPending, onClaimRejected } from './consumers/on-claim-pending.js';
import { onCompanyChanged } from './consumers/on-company-changed.js';
import { onCompanyResponsiveness } from './consumers/on-company-responsiveness.js';
import { onListingRegistered } from './consumers/on-listing-registered.js';
import { onReviewDecided, ratingEvents } from './consumers/on-review-decided.js';
import { onSubscriptionActivated } from './consumers/on-subscription-activated.js';
import { onSubscriptionCanceled } from './consumers/on-subscription-canceled.js';
import type { DirectoryDeps } from './deps.js';
import { CompanyEdits } from './use-cases/company-edits.js';
import { CredentialWatch } from './use-cases/credential-watch.js';
import { TopRatedJudge } from './use-cases/top-rated.js';
import { unclaimFreeListings } from './use-cases/free-listings.js';
import { OwnerNotices } from './use-cases/owner-notices.js';
import { seedDemoData } from './use-cases/populate.js';
import { AuditLogRepository } from './repositories/audit-log.repository.js';
import { ChangeRequestsRepository } from './repositories/change-requests.repository.js';
import { CompaniesRepository } from './repositories/companies.repository.js';
import { ImagesRepository } from './repositories/images.repository.js';
import { ReviewsRepository } from './repositories/reviews.repository.js';
import { adminRoutes } from './routes/admin/index.js';
import { allCompaniesRoutes } from './routes/all-companies/index.js';
import { companiesRoutes } from './routes/companies/index.js';
import { geoRoutes } from './routes/geo/index.js';
import { imageRoutes } from './routes/images/index.js';
import { ownerRoutes } from './routes/owner.js';
import { placesRoutes } from './routes/places/index.js';
import { companyLinksRoutes } from './routes/company-links/index.js';
import { reviewRoutes } from './routes/reviews/index.js';
import { internalCompanySnapshotRoutes } from './routes/internal/company-snapshots/index.js';
import { uploadImageRoutes } from './routes/upload-image/index.js';
import type { CompanySearchIndex } from '@limo/company-search';
import { EmbeddedCompanySearch } from './search/embedded.company-search.js';
import { CompanyJsonCache } from './search/company-json.js';
import { SearchProjection } from './search/projection.js';
import { SearchCache } from './search/search-cache.js';
import { directoryEnvSchema, type DirectorySettings } from './settings.js';
export { SEARCH_INDEX_NAME } from './settings.js';

/** Ports the caller may hand in instead of the ones configuration picks (benchmarks, tests); the caller owns them. */
export interface DirectoryOptions {
  /** The search index to use; the caller fills it (no rebuild, no reconciliation) and closes it. */
  searchIndex?: CompanySearchIndex;
  blobs?: BlobStore;
  /** The clock of badges and of the insurance expiry check (tests move it); the system clock otherwise. */
  now?: () => Date;
}

/** The directory's search index: the in-process one, or Elasticsearch (ELASTICSEARCH_URL, ELASTICSEARCH_INDEX). */
export const searchIndexNeed = need<CompanySearchIndex, DirectorySettings>('search', {
  'in-process': () => EmbeddedCompanySearch.create(),
  elasticsearch: ({ ctx, env }) => {
    const { ELASTICSEARCH_URL } = ctx.config;
    if (!ELASTICSEARCH_URL) throw new Error('the Elasticsearch index needs ELASTICSEARCH_URL');
    ctx.logger.info({ index: env.ELASTICSEARCH_INDEX }, 'directory search: Elasticsearch index');
    return engineAdapter(ctx.adapters, 'elasticsearch')({ node: ELASTICSEARCH_URL, index: env.ELASTICSEARCH_INDEX, logger: ctx.logger });
  },
});

/** Directory: companies, reviews, images, change requests, geo search and the admin company tools. */
export const directoryService = defineService.withOptions<{ now: () => Date }>()({
  name: 'directory',
  description: 'Companies, reviews, images and geo search',
  env: directoryEnvSchema,
  produces: [
    companyCreatedV1,
    companyUpdatedV1,
    companyDeletedV1,
    reviewSubmittedV1,
    reviewApprovedV1,
    reviewRejectedV1,
    reviewDeletedV1,
    auditRecordedV1,
  ],
  needs: { searchIndex: searchIndexNeed, blobs: blobStoreNeed('images') },
  async init({ ctx, env: settings, ports, handedIn, options }) {
    const { config, logger } = ctx;
    const { searchIndex: search, blobs } = ports;
    const searchCache = new SearchCache(ctx.cache);
    // An in-process index belongs to this process: its consumer group is its own, it starts from
    // now, and the index is loaded from the store at every start. A shared index (Elasticsearch) has
    // one group and is rebuilt only when it does not match the store; a handed-in one is the caller's.
    const ownIndex = !handedIn.has('searchIndex');
    const processIndex = search.scope === 'process' && ownIndex;
    // Beside a shared index another instance may apply a company's event: its JSON is kept by revision.
    const inProcessIndex = search.scope === 'process';
    const now = options.now ?? (() => new Date());
    // Through deps: a journey may move the running directory's clock (deps.now) to see a badge expire.
    const companyJson = new CompanyJsonCache({ revisions: !inProcessIndex, now: () => deps.now() });
    // A write here shows on the next search at once, before its event reaches the projection (by
    // revision, a hit's older copy is not served from the cache anyway).
    const companies = await CompaniesRepository.create(ctx.store, () => {
      if (inProcessIndex) companyJson.clear();
      return searchCache.invalidate();
    });
    const reviews = await ReviewsRepository.create(ctx.store);
    const changeRequests = await ChangeRequestsRepository.create(ctx.store);
    const images = await ImagesRepository.create(ctx.store);
    const projection = new SearchProjection(
      search,
      companies,
      searchCache,
      logger.child({ service: 'directory', part: 'search' }),
      companyJson,
    );
    const edits = new CompanyEdits(companies, images);
    const notices = new OwnerNotices(changeRequests, ctx.mailer, config.PUBLIC_URL, logger);
    const audit = await AuditTrail.create(ctx.store, 'directory');
    const auditLog = await AuditLogRepository.create(ctx.store);
    const credentialWatch = new CredentialWatch(companies, notices, logger.child({ service: 'directory', part: 'credential-watch' }));
    const topRated = new TopRatedJudge(companies, reviews);
    let watching: NodeJS.Timeout | undefined;
    const deps: DirectoryDeps = {
      ctx,
      settings,
      companies,
      reviews,
      changeRequests,
      images,
      blobs,
      search,
      searchCache,
      companyJson,
      projection,
      edits,
      notices,
      audit,
      auditLog,
      credentialWatch,
      topRated,
      now,
    };
    return {
      deps,
      routes: [
        companiesRoutes,
        allCompaniesRoutes,
        reviewRoutes,
        uploadImageRoutes,
        imageRoutes,
        geoRoutes,
        placesRoutes,
        companyLinksRoutes,
        ownerRoutes,
        adminRoutes,
        internalCompanySnapshotRoutes,
      ],
      consumers: [
        processIndex
          ? consumer({
              group: `directory.search-index.${randomUUID()}`,
              consumes: companyEvents,
              handler: onCompanyChanged(projection),
              fromBeginning: false,
            })
          : consumer({ group: 'directory.search-index', consumes: companyEvents, handler: onCompanyChanged(projection) }),
        consumer({ group: 'directory.ratings', consumes: ratingEvents, handler: onReviewDecided(topRated, reviews, () => deps.now()) }),
        consumer({
          group: 'directory.responsiveness',
          consumes: [companyResponsivenessV1],
          handler: onCompanyResponsiveness(topRated, () => deps.now()),
        }),
        consumer({
          group: 'directory.claims',
          consumes: [claimApprovedV1],
          handler: onClaimApproved(companies, notices, logger),
          idempotent: true,
        }),
        consumer({
          group: 'directory.claims-pending',
          consumes: [claimSubmittedV1, claimClaimantLinkedV1],
          handler: onClaimPending(companies, logger),
          idempotent: true,
        }),
        consumer({
          group: 'directory.claims-rejected',
          consumes: [claimRejectedV1],
          handler: onClaimRejected(companies),
          idempotent: true,
        }),
        consumer({
          group: 'directory.listings',
          consumes: [listingRegisteredV1],
          handler: onListingRegistered(companies, logger),
          idempotent: true,
        }),
        consumer({
          group: 'directory.subscription-activated',
          consumes: [subscriptionActivatedV1],
          handler: onSubscriptionActivated(companies, logger),
          idempotent: true,
        }),
        consumer({
          group: 'directory.subscription-canceled',
          consumes: [subscriptionCanceledV1],
          handler: onSubscriptionCanceled(companies, logger),
          idempotent: true,
        }),
        consumer({ group: 'directory.audit-log', consumes: [auditRecordedV1], handler: onAuditRecorded(auditLog), idempotent: true }),
      ],
      async prepare() {
        preloadGazetteer();
      },
      async start() {
        // Before the index is (re)built, so it reads the fixed companies.
        await unclaimFreeListings(companies, logger);
        if (processIndex) await projection.rebuild();
        else if (ownIndex) await projection.reconcile();
        // SEED_DEMO_DATA: the composition root's default is true in the embedded profile.
        if (settings.SEED_DEMO_DATA) {
          const started = Date.now();
          const { added, ids } = await seedDemoData(ctx.store, companies, reviews);
          if (added > 0) {
            // Loaded at once rather than through 1,900 events, so the first page is complete; a
            // shared index is not emptied under the other instances, it gets the companies in bulk.
            if (processIndex) await projection.rebuild();
            else await projection.indexNow(ids);
            logger.info({ companies: added, ms: Date.now() - started }, 'demo data added (SEED_DEMO_DATA=false skips it)');
          }
        }
        const watch = () => {
          void credentialWatch.run(deps.now()).catch((err: unknown) => logger.error({ err }, 'insurance expiry check failed'));
          // Verified reviews leave the Top Rated badge's 12-month window.
          void topRated.recheck(deps.now()).catch((err: unknown) => logger.error({ err }, 'top rated check failed'));
        };
        watching = setInterval(watch, settings.CREDENTIAL_WATCH_MINUTES * 60_000);
        watching.unref();
      },
      async stop() {
        clearInterval(watching);
      },
    };
  },
});

/** The directory built on `ctx`, with the ports the caller hands in (tests, benchmarks). */
export function createDirectoryService(ctx: ServiceContext, options: DirectoryOptions = {}): Promise<BuiltService<DirectoryDeps>> {
  const { now, ...ports } = options;
  return buildService(directoryService, ctx, { ports, options: now ? { now } : {} });
}
