/**
 * What `npm run bench:search` and scripts/bench/profile-search.ts both build: the directory service
 * on embedded adapters with 100,000 generated companies, behind the real gateway, its cache able to
 * miss every search answer on purpose, and the same companies in an Elasticsearch index of their own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companySearchQuerySchema } from '@limo/contracts';
import { ElasticsearchCompanySearch } from '@limo/engine-elasticsearch';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { FileMailer } from '@limo/engine-smtp';
import {
  createLogger,
  InProcessEventBus,
  loadConfig,
  MemoryCache,
  MemoryRateLimiter,
  OutboxRelay,
  type Config,
  type Logger,
  type ServiceContext,
} from '@limo/platform';
import {
  createDirectoryService,
  EmbeddedCompanySearch,
  toSearchDocument,
  toSearchQuery,
  type CompanyDoc,
  type SearchQuery,
} from '@limo/directory';
import { listenLocal, startGateway } from './gateway.js';
import { generateCompanies } from './search-data.js';

const INSERT_BATCH = 1_000;
/** Companies an Elasticsearch bulk request carries, as the projection sends them (5,000, 5 MB, outlasted its 10 s timeout on a busy machine). */
const BULK_BATCH = 500;
/** How SearchCache (services/directory/src/search/search-cache.ts) keys the answers of this route. */
export const SEARCH_ANSWER_KEY = 'directory:search:';

/** The directory's cache, counting search-answer lookups and hits; with `bypass`, every such lookup misses. */
export class BenchCache extends MemoryCache {
  bypass = false;
  lookups = 0;
  hits = 0;

  override async get<T>(key: string): Promise<T | undefined> {
    return this.answer(key, () => super.get<T>(key));
  }

  override async getText(key: string): Promise<string | undefined> {
    return this.answer(key, () => super.getText(key));
  }

  private async answer<T>(key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!key.startsWith(SEARCH_ANSWER_KEY)) return read();
    this.lookups++;
    const value = this.bypass ? undefined : await read();
    if (value !== undefined) this.hits++;
    return value;
  }
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The bench's config, on a fresh data directory. */
async function benchConfig(): Promise<Config> {
  return loadConfig({
    DATA_DIR: await mkdtemp(join(tmpdir(), 'limo-bench-search-')),
    LOG_LEVEL: 'error',
    SEED_DEMO_DATA: 'false',
    JWT_SECRET: 'bench-search-secret-bench-search-secret-0123',
  });
}

/** The embedded adapters, as `createTestContext` assembles them. */
async function embeddedContext(config: Config, logger: Logger, cache: BenchCache): Promise<ServiceContext & { relay: OutboxRelay }> {
  const store = await NedbDocumentStore.create({ logger });
  const bus = InProcessEventBus.create({ logger });
  const mailer = await FileMailer.create({ dir: join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM });
  const relay = new OutboxRelay({ store, bus, logger });
  relay.start();
  return {
    config,
    logger,
    store,
    bus,
    cache,
    limiter: new MemoryRateLimiter(),
    mailer,
    relay,
    env: { ...process.env, SEED_DEMO_DATA: 'false' },
    adapters: {},
  };
}

/** The index query the route makes of a path of the mix. */
export function searchQueryOf(path: string): SearchQuery {
  return toSearchQuery(companySearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(path.slice(path.indexOf('?') + 1)))));
}

/** Generates `count` companies, inserts them into the directory's store in batches and loads them into the index. */
async function loadCompanies(ctx: ServiceContext, index: EmbeddedCompanySearch, count: number): Promise<void> {
  let started = performance.now();
  const generated = generateCompanies(count);
  console.log(`generated ${generated.length.toLocaleString('en-US')} companies in ${seconds(performance.now() - started)}`);
  // Straight into the collection, without events: the index is loaded at once below, as a rebuild does.
  const collection = await ctx.store.collection<CompanyDoc>('companies');
  started = performance.now();
  for (let i = 0; i < generated.length; i += INSERT_BATCH) {
    await Promise.all(generated.slice(i, i + INSERT_BATCH).map((doc) => collection.insertOne(doc)));
  }
  const stored = await collection.count({});
  console.log(
    `store: ${stored.toLocaleString('en-US')} companies inserted in ${seconds(performance.now() - started)} (batches of ${INSERT_BATCH})`,
  );
  started = performance.now();
  await index.upsert(generated.map(toSearchDocument));
  await index.refresh();
  console.log(`index: ${(await index.count()).toLocaleString('en-US')} companies loaded in ${seconds(performance.now() - started)}`);
}

/** The embedded directory with `count` companies, behind a gateway. */
export async function startEmbedded(count: number) {
  const config = await benchConfig();
  const logger = createLogger('error');
  const cache = new BenchCache();
  const ctx = await embeddedContext(config, logger, cache);
  const index = EmbeddedCompanySearch.create();
  const directory = await createDirectoryService(ctx, { searchIndex: index });
  await directory.start();
  await loadCompanies(ctx, index, count);
  const { gateway, url } = await startGateway(config, logger, 'directory', await listenLocal(directory.app));
  const stop = async (): Promise<void> => {
    await gateway.close();
    await directory.app.close();
    await directory.stop();
    await ctx.relay.stop();
    await ctx.bus.close();
    await ctx.store.close();
    await ctx.mailer.close();
    await index.close();
    await rm(config.DATA_DIR, { recursive: true, force: true });
  };
  return { config, logger, cache, ctx, index, directory, gateway, url, stop };
}

/** The same companies in an Elasticsearch index of their own, behind a second directory and gateway. */
export async function startElastic(node: string, ctx: ServiceContext, config: Config, logger: Logger) {
  const name = `limo-bench-${Math.random().toString(36).slice(2, 8)}`;
  const index = await ElasticsearchCompanySearch.create({ node, index: name, logger });
  const started = performance.now();
  const collection = await ctx.store.collection<CompanyDoc>('companies');
  for (let after = ''; ;) {
    const batch = await collection.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: 5_000 });
    for (let i = 0; i < batch.length; i += BULK_BATCH) await index.upsert(batch.slice(i, i + BULK_BATCH).map(toSearchDocument));
    if (batch.length < 5_000) break;
    after = batch.at(-1)!._id;
  }
  await index.refresh();
  console.log(
    `elasticsearch: ${(await index.count()).toLocaleString('en-US')} companies indexed into ${name} in ${seconds(performance.now() - started)}`,
  );
  // Its own cache, so answers cached by the embedded run are not served here.
  const cache = new BenchCache();
  const directory = await createDirectoryService({ ...ctx, cache }, { searchIndex: index });
  await directory.start();
  const { gateway, url } = await startGateway(config, logger, 'directory', await listenLocal(directory.app));
  const stop = async (): Promise<void> => {
    await gateway.close();
    await directory.app.close();
    await directory.stop();
    await index.drop();
    await index.close();
  };
  return { name, index, cache, directory, gateway, url, stop };
}
