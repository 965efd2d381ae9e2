import { randomUUID } from 'node:crypto';
import { claimApprovedV1, listingRegisteredV1, type ListingCompany } from '@limo/contracts';
import { expect } from 'vitest';
import type { BuiltService, EventEnvelope } from '@limo/platform';
import { call, eventOf, startTestService, userOf, type ServiceHarness, type TestUser } from '@limo/platform/testing';
import { createDirectoryService, type DirectoryOptions } from '../src/app.js';
import type { DirectoryDeps } from '../src/deps.js';

export { call, sharedHarness, sharedUser, userOf, type TestUser } from '@limo/platform/testing';
export { png } from './images.js';

/** A running directory on the embedded adapters, whose deps a test may read. */
export type Harness = ServiceHarness<BuiltService<DirectoryDeps>>;

/** Starts the directory on a fresh test context; demo data off unless `env` turns it on. */
export function startDirectory(env: Record<string, string> = {}, options: DirectoryOptions = {}): Promise<Harness> {
  return startTestService((ctx) => createDirectoryService(ctx, options), {
    SEED_DEMO_DATA: 'false',
    PUBLIC_URL: 'http://limo.test',
    ...env,
  });
}

/** Creates a company as an admin and returns its JSON. */
export async function adminCreate(
  h: Harness,
  admin: TestUser,
  body: Record<string, unknown>,
): Promise<{ id: string } & Record<string, unknown>> {
  const res = await call(h, 'POST', '/api/admin/companies', admin, body);
  if (res.statusCode !== 201) throw new Error(`admin create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A multipart/form-data body with one file field (and optional text fields). */
export function multipart(
  file: { field?: string; name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----limo${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The list-business form with labels and casing as a user types them (slugs and lower case stored). */
export const listingForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sunset Limousine',
  fullAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
  phone: '(305) 555-0199',
  email: 'Hello@Sunset-Limo.example.com',
  website: 'sunset-limo.example.com',
  services: ['Wedding Transportation', 'airport-transfers', 'Quinceañeras'],
  vehicleTypes: ['Stretch Limo', 'suv-limo', 'Sprinter Van'],
  priceRange: '$$$ Premium',
  hourlyRateStart: '125',
  ...overrides,
});

/** An owner's listing as the list-business form sends it. */
export const ownerListing = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sunset Limousine',
  fullAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
  phone: '(305) 555-0199',
  email: 'hello@sunset-limo.example.com',
  services: ['Wedding Transportation'],
  vehicleTypes: ['Stretch Limo'],
  priceRange: '$$$ Premium',
  hourlyRateStart: '79',
  ...overrides,
});

/** POST /api/reviews from `ip` (by default a random 10.9.x.y, so per-address limits stay out of the way). */
export const postReview = (h: Harness, body: Record<string, unknown>, ip?: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: body,
    remoteAddress: ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

/** An admin queue's routes (list, approve, reject) answer 403 to a business user and 401 signed out. */
export async function expectAdminOnlyQueue(h: Harness, queue: string): Promise<void> {
  for (const [method, url, body] of [
    ['GET', queue, undefined],
    ['POST', `${queue}/x/approve`, undefined],
    ['POST', `${queue}/x/reject`, { reason: 'r' }],
  ] as const) {
    expect((await call(h, method, url, userOf(h, 'business'), body)).statusCode).toBe(403);
    expect((await call(h, method, url, undefined, body)).statusCode).toBe(401);
  }
}

/** The mail of `tag` sent to `to` has `subject` and says `says` in its text and in its HTML. */
export async function expectMail(h: Harness, to: string, tag: string, mail: { subject: string; says: string }): Promise<void> {
  const sent = (await h.ctx.outbox()).find((m) => m.to === to && m.tag === tag);
  expect(sent?.subject).toBe(mail.subject);
  expect(sent?.text).toContain(mail.says);
  expect(sent?.html).toContain(mail.says);
}

/** The company events the directory publishes from the call on, in order (read by a consumer group of the test's own). */
export async function companyEventsSeen(h: Harness, group: string): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  await h.ctx.bus.subscribe({
    group,
    topics: ['company.created.v1', 'company.updated.v1', 'company.deleted.v1'],
    handler: async (e) => void seen.push(e),
  });
  return seen;
}

/** A `claim.approved.v1` event for `companyId` (the claimer verified as running the business). */
export function claimApprovedEvent(companyId: string, userId: string, claimerEmail: string) {
  const claimedAt = new Date().toISOString();
  return eventOf(claimApprovedV1, companyId, { claimId: randomUUID(), companyId, userId, claimedAt, businessVerified: true, claimerEmail });
}

/**
 * A `listing.registered.v1` event: billing's paid listing `companyId` of `userId`, paid for; `company`
 * sets the listing's fields a test is about.
 */
export function listingRegisteredEvent(
  companyId: string,
  userId: string,
  paid: { paymentIntentId: string; subscriptionId: string | null; company: Partial<ListingCompany> },
) {
  return eventOf(listingRegisteredV1, companyId, {
    companyId,
    userId,
    isPaid: true,
    paymentIntentId: paid.paymentIntentId,
    subscriptionId: paid.subscriptionId,
    registeredAt: new Date().toISOString(),
    company: {
      name: 'Paid Listing Limo',
      description: null,
      phone: '(303) 555-0111',
      email: null,
      businessEmail: 'office@paid.example',
      website: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      latitude: null,
      longitude: null,
      priceRange: '$$$',
      services: ['wedding'],
      vehicleTypes: ['stretch-limousine'],
      hourlyRateStart: 120,
      seoKeywords: null,
      seoTags: null,
      fullAddress: null,
      ...paid.company,
    },
  });
}
