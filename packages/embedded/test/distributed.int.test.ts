import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox, serviceNames } from '@limo/platform';
import { describeWithEngine } from '@limo/platform/testing';
import { claimJourney, paidListingJourney } from './journeys/claim.journey.js';
import { identityJourney } from './journeys/identity.journey.js';
import { listingQuoteJourney } from './journeys/listing-quote.journey.js';
import { startDistributed, type DistributedSystem } from './support/distributed.js';

const admin = { email: 'admin@example.com', password: 'admin-pass-123' };

// The distributed profile for real: each service its own Node process on Kafka, the MongoDB-wire
// server and Redis from infra/local, the gateway in front. Needs the build (`make test` builds first).
describeWithEngine('distributed profile: each service its own process', 'KAFKA_BROKERS', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributed({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SIMULATOR_WEBHOOK_SECRET: 'whsec_distributedjourney',
    });
  }, 600_000);

  afterAll(async () => {
    await system?.close();
  });

  it('reports every service up through the gateway', async () => {
    const body = (await (await fetch(`${system.url}/healthz`)).json()) as { services: Record<string, { status: string }> };
    for (const s of serviceNames) expect(body.services[s]?.status).toBe('up');
  });

  it('runs the identity journey, the reset mail going through Kafka', async () => {
    await identityJourney(system.url, () => readOutbox(join(system.dataDir, 'outbox')), admin);
  }, 60_000);

  it('lists a company, finds it by city, reviews it and sends it a quote', async () => {
    await listingQuoteJourney(system.url, () => readOutbox(join(system.dataDir, 'outbox')));
  }, 60_000);

  it('registers a visitor and their paid listing after the payment', async () => {
    await paidListingJourney(system.url);
  }, 60_000);

  it('claims a company with the payment simulator, the claim events going through Kafka', async () => {
    await claimJourney(system.url, () => readOutbox(join(system.dataDir, 'outbox')), admin, 'whsec_distributedjourney');
  }, 60_000);

  it('shuts every process down cleanly on SIGTERM', async () => {
    const exits = [...system.processes].map(
      ([name, p]) =>
        new Promise<[string, number | null]>((done) => {
          p.once('exit', (code) => done([name, code]));
          p.kill('SIGTERM');
        }),
    );
    const codes = await Promise.all(exits);
    for (const [name, code] of codes) expect(code, `${name} exit code\n${system.logs.get(name)?.slice(-2000)}`).toBe(0);
  }, 30_000);
});
