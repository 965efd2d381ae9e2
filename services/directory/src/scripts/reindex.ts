/**
 * `npm run reindex -w services/directory`: rebuilds the Elasticsearch company index from the
 * directory's store (MongoDB). The embedded index lives inside the running process and is rebuilt
 * from the store at every start, so there is nothing to do for it here.
 */
import { ElasticsearchCompanySearch } from '@limo/engine-elasticsearch';
import { kafkaEngine } from '@limo/engine-kafka';
import { mongoEngine } from '@limo/engine-mongo';
import { redisEngine } from '@limo/engine-redis';
import { smtpEngine } from '@limo/engine-smtp';
import { createLogger, createServiceStore, createSharedPorts, loadSettings, parseEnv, type EngineAdapters } from '@limo/platform';
import { directoryService } from '../app.js';
import { CompaniesRepository } from '../repositories/companies.repository.js';
import { SearchProjection } from '../search/projection.js';
import { SearchCache } from '../search/search-cache.js';

const config = loadSettings([directoryService]);
const { ELASTICSEARCH_INDEX } = parseEnv(directoryService.env, process.env);
if (!config.ELASTICSEARCH_URL || !config.MONGODB_URI) {
  console.log('The embedded search index is rebuilt from the store each time the directory starts: restart it (make start).');
  console.log('This command rebuilds Elasticsearch; set ELASTICSEARCH_URL and MONGODB_URI to use it.');
  process.exit(0);
}
const logger = createLogger(config.LOG_LEVEL, 'directory-reindex');
const adapters: EngineAdapters = { ...kafkaEngine, ...mongoEngine, ...redisEngine, ...smtpEngine };
const shared = await createSharedPorts(config, logger, 'limo-directory-reindex', adapters);
const store = await createServiceStore(config, 'directory', logger, adapters);
const index = await ElasticsearchCompanySearch.create({ node: config.ELASTICSEARCH_URL, index: ELASTICSEARCH_INDEX, logger });
try {
  const cache = new SearchCache(shared.cache);
  const companies = await CompaniesRepository.create(store);
  const count = await new SearchProjection(index, companies, cache, logger).rebuild();
  console.log(`Indexed ${count} companies into ${config.ELASTICSEARCH_URL}.`);
} finally {
  await index.close();
  await store.close();
  await shared.close();
}
