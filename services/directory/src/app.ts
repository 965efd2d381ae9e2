import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { preloadGazetteer } from '@limo/geo';
import {
  createServiceApp,
  DiskBlobStore,
  GridFsBlobStore,
  idempotent,
  serviceDatabaseUri,
  type BlobStore,
  type Config,
  type EventHandler,
  type HandledEvent,
  type Logger,
  type Service,
  type ServiceContext,
  type Subscription,
} from '@limo/platform';
import { onClaimApproved } from './consumers/on-claim-approved.js';
import { onClaimPending, onClaimRejected } from './consumers/on-claim-pending.js';
import { COMPANY_TOPICS, onCompanyChanged } from './consumers/on-company-changed.js';
import { onListingRegistered } from './consumers/on-listing-registered.js';
import { onReviewDecided, RATING_TOPICS } from './consumers/on-review-decided.js';
import { onSubscriptionActivated } from './consumers/on-subscription-activated.js';
import { onSubscriptionCanceled } from './consumers/on-subscription-canceled.js';
import type { DirectoryDeps } from './deps.js';
import { CompanyEdits } from './operations/company-edits.js';
import { seedDemoData } from './operations/populate.js';
import { ChangeRequestsRepository } from './repositories/change-requests.repository.js';
import { CompaniesRepository } from './repositories/companies.repository.js';
import { ImagesRepository } from './repositories/images.repository.js';
import { ReviewsRepository } from './repositories/reviews.repository.js';
import { adminRoutes } from './routes/admin/index.js';
import { allCompaniesRoutes } from './routes/all-companies/index.js';
import { companiesRoutes } from './routes/companies/index.js';
import { geoRoutes } from './routes/geo/index.js';
import { imageRoutes } from './routes/images/index.js';
import { myCompaniesRoutes } from './routes/my-companies/index.js';
import { reviewRoutes } from './routes/reviews/index.js';
import { internalCompanySnapshotRoutes } from './routes/internal/company-snapshots/index.js';
import { uploadImageRoutes } from './routes/upload-image/index.js';
import type { CompanySearchIndex } from './search/company-search.port.js';
import { ElasticsearchCompanySearch } from './search/elasticsearch.company-search.js';
import { EmbeddedCompanySearch } from './search/embedded.company-search.js';
import { CompanyJsonCache } from './search/company-json.js';
import { SearchProjection } from './search/projection.js';
import { SearchCache } from './search/search-cache.js';

const GROUP = 'directory';
/** Elasticsearch index of the companies: the default of ELASTICSEARCH_INDEX. */
export const SEARCH_INDEX_NAME = 'limo-companies';

/** Ports the caller may hand in instead of the ones configuration picks (benchmarks, tests). */
export interface DirectoryOptions {
  /** The search index to use; the caller owns it (it is not closed on stop). */
  searchIndex?: CompanySearchIndex;
  blobs?: BlobStore;
}

/** Elasticsearch when ELASTICSEARCH_URL is set (it must answer), else the in-memory index. */
export async function createSearchIndex(config: Config, logger: Logger): Promise<CompanySearchIndex> {
  return config.ELASTICSEARCH_URL
    ? ElasticsearchCompanySearch.create({ node: config.ELASTICSEARCH_URL, index: config.ELASTICSEARCH_INDEX, logger })
    : EmbeddedCompanySearch.create();
}

/** GridFS in the service's MongoDB database when MONGODB_URI is set, else files under DATA_DIR/directory/blobs. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  return config.MONGODB_URI
    ? GridFsBlobStore.create({ uri: serviceDatabaseUri(config.MONGODB_URI, 'directory'), bucketName: 'images' })
    : DiskBlobStore.create({ dir: join(config.DATA_DIR, 'directory', 'blobs') });
}

/** Directory: companies, reviews, images, change requests, geo search and the admin company tools. */
export async function createDirectoryService(ctx: ServiceContext, options: DirectoryOptions = {}): Promise<Service> {
  const { config, logger } = ctx;
  const search = options.searchIndex ?? (await createSearchIndex(config, logger));
  const blobs = options.blobs ?? (await createBlobStore(config));
  const searchCache = new SearchCache(ctx.cache);
  const companyJson = search instanceof EmbeddedCompanySearch ? new CompanyJsonCache() : undefined;
  // A write here shows on the next search at once, before its event reaches the projection.
  const companies = await CompaniesRepository.create(ctx.store, () => {
    companyJson?.clear();
    return searchCache.invalidate();
  });
  const reviews = await ReviewsRepository.create(ctx.store);
  const changeRequests = await ChangeRequestsRepository.create(ctx.store);
  const images = await ImagesRepository.create(ctx.store);
  const handled = await ctx.store.collection<HandledEvent>('handled_events');
  const projection = new SearchProjection(
    search,
    companies,
    searchCache,
    logger.child({ service: 'directory', part: 'search' }),
    companyJson,
  );
  const edits = new CompanyEdits(companies, images);
  const deps: DirectoryDeps = {
    ctx,
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
  };

  const app = await createServiceApp({
    name: 'directory',
    config,
    logger,
    cache: ctx.cache,
    description: 'Companies, reviews, images and geo search',
  });
  for (const routes of [
    companiesRoutes,
    allCompaniesRoutes,
    myCompaniesRoutes,
    reviewRoutes,
    uploadImageRoutes,
    imageRoutes,
    geoRoutes,
    adminRoutes,
    internalCompanySnapshotRoutes,
  ]) {
    await app.register(routes, deps);
  }

  const embeddedIndex = !config.ELASTICSEARCH_URL && !options.searchIndex;
  const subscriptions: Subscription[] = [];
  const subscribe = async (group: string, topics: string[], handler: EventHandler, fromBeginning = true) => {
    subscriptions.push(await ctx.bus.subscribe({ group, topics, handler, fromBeginning }));
  };

  return {
    name: 'directory',
    app,
    async start() {
      preloadGazetteer();
      // An in-memory index belongs to this process: its consumer group is its own, it starts from
      // now, and the index is loaded from the store. A shared index (Elasticsearch) has one group and
      // is rebuilt only when it does not match the store.
      if (embeddedIndex) {
        await subscribe(`${GROUP}.search-index.${randomUUID()}`, COMPANY_TOPICS, onCompanyChanged(projection), false);
        await projection.rebuild();
      } else {
        await subscribe(`${GROUP}.search-index`, COMPANY_TOPICS, onCompanyChanged(projection));
        if (!options.searchIndex) await projection.reconcile();
      }
      await subscribe(`${GROUP}.ratings`, RATING_TOPICS, onReviewDecided(companies, reviews, ctx.relay));
      await subscribe(
        `${GROUP}.claims`,
        ['claim.approved.v1'],
        idempotent(handled, `${GROUP}.claims`, onClaimApproved(companies, ctx.relay, logger)),
      );
      await subscribe(
        `${GROUP}.claims-pending`,
        ['claim.submitted.v1', 'claim.claimant-linked.v1'],
        idempotent(handled, `${GROUP}.claims-pending`, onClaimPending(companies, ctx.relay, logger)),
      );
      await subscribe(
        `${GROUP}.claims-rejected`,
        ['claim.rejected.v1'],
        idempotent(handled, `${GROUP}.claims-rejected`, onClaimRejected(companies, ctx.relay)),
      );
      await subscribe(
        `${GROUP}.listings`,
        ['listing.registered.v1'],
        idempotent(handled, `${GROUP}.listings`, onListingRegistered(companies, ctx.relay, logger)),
      );
      await subscribe(
        `${GROUP}.subscription-activated`,
        ['subscription.activated.v1'],
        idempotent(handled, `${GROUP}.subscription-activated`, onSubscriptionActivated(companies, ctx.relay, logger)),
      );
      await subscribe(
        `${GROUP}.subscription-canceled`,
        ['subscription.canceled.v1'],
        idempotent(handled, `${GROUP}.subscription-canceled`, onSubscriptionCanceled(companies, ctx.relay, logger)),
      );
      if (config.PROFILE === 'embedded' && config.SEED_DEMO_DATA !== false) {
        const started = Date.now();
        const added = await seedDemoData(ctx.store, companies, reviews);
        if (added > 0) {
          // Loaded at once rather than through 1,900 events, so the first page is complete.
          await projection.rebuild();
          ctx.relay.notify();
          logger.info({ companies: added, ms: Date.now() - started }, 'demo data added (SEED_DEMO_DATA=false skips it)');
        }
      }
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.close()));
      if (!options.searchIndex) await search.close();
      if (!options.blobs) await blobs.close();
    },
  };
}
