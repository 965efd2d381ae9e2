import { afterAll, beforeAll, expect } from 'vitest';
import { type AdminQuoteList, type CompanySnapshot, type ErrorResponse, type OwnerQuoteList } from '@limo/contracts';
import { startThrowaway, type ThrowawaySystem } from '@limo/embedded';
import { ApiClient, waitFor } from '@limo/platform/testing';
import type { CompanyContactDoc } from '../src/domain/company-contact.js';
import { companyEvent, companySnapshot, quoteBody, tripDateIn } from './fixtures.js';

// The whole embedded system (every service behind the gateway, one process, a temp DATA_DIR), driven
// over HTTP as the web app drives it. Companies arrive as directory's events would: published fixtures.

export const admin = { email: 'quotes-admin@example.com', password: 'admin-pass-123' };
// Live bindings: set by useQuotesSystem's beforeAll, read by the test file importing them.
export let system: ThrowawaySystem;
export let visitor: ApiClient;

/** The whole embedded system for the calling test file, started before its tests and closed after. */
export function useQuotesSystem(): void {
  beforeAll(async () => {
    system = await startThrowaway({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Every request of this file comes from 127.0.0.1; the per-IP limits have their own service test.
      QUOTE_RATE_LIMIT_PER_HOUR: '100000',
      CITY_QUOTE_RATE_LIMIT_PER_HOUR: '100000',
    });
    visitor = new ApiClient(system.url);
  }, 60_000);
  afterAll(async () => {
    await system?.close();
  });
}

export const store = () => system.services.quotes.store;
export const outbox = () => system.outbox();

/** Publishes company.created.v1 fixtures and waits until quotes' read-model holds them all. */
export async function addCompanies(snapshots: CompanySnapshot[]): Promise<CompanySnapshot[]> {
  await system.shared.bus.publish(snapshots.map((s) => companyEvent('company.created.v1', s)));
  const companies = await store().collection<CompanyContactDoc>('companies');
  await waitFor(
    async () => (await companies.count({ _id: { $in: snapshots.map((s) => s.id) } })) === snapshots.length,
    10_000,
    'companies in the read-model',
  );
  return snapshots;
}
export const addCompany = async (overrides: Partial<CompanySnapshot> = {}) => (await addCompanies([companySnapshot(overrides)]))[0];

/** The body with `overrides` applied; an override of `undefined` removes the field. */
export function withFields(body: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete out[key];
  return out;
}

/** Typed views of an answer's JSON body. */
export const errorOf = (res: { json: unknown }) => res.json as ErrorResponse;
export const ownerListOf = (res: { json: unknown }) => res.json as OwnerQuoteList;
export const adminListOf = (res: { json: unknown }) => res.json as AdminQuoteList;
export const idsOf = (list: unknown) => (list as Array<{ id: string }>).map((q) => q.id);

export const yesterday = tripDateIn(-1);
export const threeYearsAhead = tripDateIn(3 * 366);
export const long = (n: number) => 'x'.repeat(n);

const owner = () => new ApiClient(system.url);
// Two owners and their quotes (live bindings, set by useOwnerQuotes): Alice has two companies, 17
// quotes to the older and one to the other; Bob one company and one quote.
export let alice: ApiClient;
export let bob: ApiClient;
export let aliceFirst: CompanySnapshot;
let aliceSecond: CompanySnapshot;
let bobs: CompanySnapshot;
export const aliceQuotes: string[] = [];
export let bobQuote: string;

/** A newly registered business user, signed in. */
export async function registered(name: string) {
  const client = owner();
  const res = await client.call('POST', '/api/register', {
    username: name,
    email: `${name}@owners.example`,
    password: 'secret-pass',
    role: 'business',
  });
  expect(res.status).toBe(201);
  return { client, id: res.json.id as string };
}

/** Registers the two owners, their companies and quotes, before the calling describe's tests. */
export function useOwnerQuotes(): void {
  beforeAll(async () => {
    const a = await registered('alice-owner');
    const b = await registered('bob-owner');
    alice = a.client;
    bob = b.client;
    const earlier = new Date(Date.now() - 60_000).toISOString();
    aliceFirst = companySnapshot({ name: 'Alice First Limo', userId: a.id, createdAt: earlier });
    aliceSecond = companySnapshot({ name: 'Alice Second Limo', userId: a.id });
    bobs = companySnapshot({ name: 'Bob Limo', userId: b.id });
    // Alice's first listing is the older one, whatever order the events arrive in.
    await system.shared.bus.publish([
      companyEvent('company.created.v1', aliceSecond),
      companyEvent('company.created.v1', aliceFirst),
      companyEvent('company.created.v1', bobs),
    ]);
    const companies = await store().collection<CompanyContactDoc>('companies');
    await waitFor(async () => (await companies.count({ _id: { $in: [aliceFirst.id, aliceSecond.id, bobs.id] } })) === 3);
    for (let i = 0; i < 17; i++) {
      const res = await visitor.call('POST', '/api/quote-requests', quoteBody(aliceFirst.id, { customerName: `Alice Customer ${i}` }));
      aliceQuotes.push(res.json.id as string);
    }
    await visitor.call('POST', '/api/quote-requests', quoteBody(aliceSecond.id, { customerName: 'Second Company Customer' }));
    bobQuote = (await visitor.call('POST', '/api/quote-requests', quoteBody(bobs.id, { customerName: 'Bob Customer' }))).json.id as string;
  });
}
