import type { PopulateResponse } from '@limo/contracts';
import { setTimeout as delay } from 'node:timers/promises';
import { DuplicateKeyError, inParallel, isTransientError, type Collection, type DocumentStore } from '@limo/platform';
import { generateCityCompanies, generateDemoReviews, POPULATE_CITIES } from '../domain/populate.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { CompanyDoc } from '../domain/company.js';
import type { ReviewsRepository } from '../repositories/reviews.repository.js';
import type { SearchProjection } from '../search/projection.js';
import { ratingOf, type ReviewDoc } from '../domain/review.js';

/**
 * Adds the generated companies of the 19 cities that are not there yet (their ids are derived from
 * the seed, so a second run adds none, and two runs at once cannot add one twice), then indexes all
 * of them in bulk: the answer comes once every one is searchable.
 */
export async function populateDirectory(
  companies: CompaniesRepository,
  projection: Pick<SearchProjection, 'indexNow'>,
  actor: string,
): Promise<PopulateResponse> {
  const now = new Date();
  let companiesAdded = 0;
  const ids: string[] = [];
  for (const city of POPULATE_CITIES) {
    const generated = generateCityCompanies(city, { actor, now });
    ids.push(...generated.map((c) => c._id));
    const existing = new Set((await companies.find({ _id: { $in: generated.map((c) => c._id) } })).map((c) => c._id));
    companiesAdded += await insertAllIfAbsent(
      companies,
      generated.filter((doc) => !existing.has(doc._id)),
    );
  }
  await projection.indexNow(ids);
  return { companiesAdded, citiesProcessed: POPULATE_CITIES.length, totalCompanies: await companies.count() };
}

/** Writes in flight at once: one at a time, 1,900 inserts took over 30 s on a busy MongoDB. */
const INSERT_CONCURRENCY = 16;

/** Inserts the companies a few at a time (each with its event); returns how many were new. */
async function insertAllIfAbsent(companies: CompaniesRepository, docs: Array<Omit<CompanyDoc, 'version'>>): Promise<number> {
  let added = 0;
  await inParallel(INSERT_CONCURRENCY, docs, async (doc) => {
    if (await insertIfAbsent(companies, doc)) added++;
  });
  return added;
}

/** Attempts at one company when the store fails transiently (1,900 writes in one request meet a blip now and then). */
const INSERT_ATTEMPTS = 4;

async function insertIfAbsent(companies: CompaniesRepository, doc: Omit<CompanyDoc, 'version'>): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await companies.insert(doc);
      return true;
    } catch (err) {
      // Already there: a second run, another run at once, or this one's earlier attempt that did land.
      if (err instanceof DuplicateKeyError) return false;
      if (!isTransientError(err) || attempt >= INSERT_ATTEMPTS) throw err;
      await delay(250 * attempt);
    }
  }
}

interface MetaDoc {
  _id: string;
  at: string;
}

/**
 * Demo data for a new install: the populate companies with approved reviews (their ratings already
 * counted), once per store (ids are derived: replicas seeding at once add each once). Returns how
 * many companies were added (0 when skipped) and the ids of all of them.
 */
export async function seedDemoData(
  store: DocumentStore,
  companies: CompaniesRepository,
  reviews: ReviewsRepository,
): Promise<{ added: number; ids: string[] }> {
  const meta: Collection<MetaDoc> = await store.collection<MetaDoc>('meta');
  if ((await meta.findOne({ _id: 'demo-data' })) || (await companies.count()) > 0) return { added: 0, ids: [] };
  const now = new Date();
  const generated = POPULATE_CITIES.flatMap((city) => generateCityCompanies(city, { actor: 'system', now }));
  const demoReviews = generateDemoReviews(generated, now);
  const byCompany = new Map<string, ReviewDoc[]>();
  for (const review of demoReviews) byCompany.set(review.companyId, [...(byCompany.get(review.companyId) ?? []), review]);
  const added = await insertAllIfAbsent(
    companies,
    generated.map((doc) => ({ ...doc, ...ratingOf(byCompany.get(doc._id) ?? []) })),
  );
  await reviews.insertApproved(demoReviews);
  try {
    await meta.insertOne({ _id: 'demo-data', at: now.toISOString() });
  } catch (err) {
    // Another instance seeding the same store at once (directory replicas starting together).
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
  return { added, ids: generated.map((c) => c._id) };
}
