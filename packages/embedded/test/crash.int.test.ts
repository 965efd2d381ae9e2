import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutbox } from '@limo/platform';
import { describeWithEngine } from '@limo/platform/testing';
import { freePort } from './journeys/http.js';
import { companyBody, json, quoteBody, send } from './security/actors.js';
import { startDistributed, type DistributedSystem } from './support/distributed.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const main = join(root, 'packages/embedded/dist/main.js');
const admin = { email: 'admin@example.com', password: 'admin-pass-123' };

let child: ChildProcess | undefined;
let dataDir = '';
afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    ...Object.fromEntries(['IDENTITY', 'DIRECTORY', 'QUOTES', 'BILLING', 'ANALYTICS'].map((s) => [`${s}_PORT`, '0'])),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_PER_MINUTE: '1000000',
    QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
    REVIEW_RATE_LIMIT_PER_HOUR: '1000000',
    LISTING_RATE_LIMIT_PER_HOUR: '1000000',
  };
  for (const v of ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL', 'ELASTICSEARCH_URL', 'SMTP_URL', 'PROFILE']) delete env[v];
  child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`embedded process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return url;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('embedded process not healthy after 30 s');
  }
}

const login = async (url: string, email: string, password: string) =>
  (
    await send(url, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).cookie!;

type Acknowledged = Record<'quotes' | 'reviews' | 'listings', Map<string, string>>;

/** The owner and first company a burst writes against, once quotes knows the company. */
async function prepare(url: string): Promise<{ owner: string; first: string }> {
  await json(
    url,
    'POST',
    '/api/register',
    { username: 'crashowner', email: 'crash.owner@example.com', password: 'crash-pass-1' },
    undefined,
    [201],
  );
  const owner = await login(url, 'crash.owner@example.com', 'crash-pass-1');
  const first = String((await json(url, 'POST', '/api/companies', companyBody('first'), owner, [201])).id);
  for (
    const deadline = Date.now() + 20_000;
    (await send(url, { method: 'GET', path: '/api/quote-requests/summary', headers: { cookie: owner } })).status !== 200;
  ) {
    if (Date.now() > deadline) throw new Error('quotes never learned the first company');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { owner, first };
}

/** 12 clients writing quotes, reviews and listings until `during` resolves; what got a 201, by id. */
async function burst(url: () => string, owner: string, first: string, during: () => Promise<void>): Promise<Acknowledged> {
  const acknowledged: Acknowledged = { quotes: new Map(), reviews: new Map(), listings: new Map() };
  let n = 0;
  let done = false;
  const worker = async () => {
    while (!done) {
      const i = n++;
      const kind = (['quotes', 'reviews', 'listings'] as const)[i % 3]!;
      const [path, body, cookie] =
        kind === 'quotes'
          ? ['/api/quote-requests', { ...quoteBody(first), customerEmail: `crash-${i}@example.com` }, undefined]
          : kind === 'reviews'
            ? ['/api/reviews', { companyId: first, rating: 4, reviewerName: `Crash Reviewer ${i}`, comment: 'Burst' }, undefined]
            : ['/api/companies', companyBody(`crash-${i}`), owner];
      const res = await send(url(), {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      }).catch(() => ({ status: -1, text: '' }));
      if (res.status === 201) acknowledged[kind].set(String((JSON.parse(res.text) as { id: string }).id), String(i));
      // A refused request (the service is down) is retried by a real client after a pause, not in a loop.
      else if (res.status >= 500 || res.status <= 0) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const workers = Promise.all(Array.from({ length: 12 }, worker));
  await during();
  done = true;
  await workers;
  return acknowledged;
}

/** Acknowledged = stored (each once), every owed mail sent once, every listing known to quotes. */
async function verify(profile: string, url: string, acknowledged: Acknowledged, outboxDir: string): Promise<void> {
  const adminCookie = await login(url, admin.email, admin.password);
  const owner = await login(url, 'crash.owner@example.com', 'crash-pass-1');
  const listings = JSON.parse((await send(url, { method: 'GET', path: '/api/my-companies', headers: { cookie: owner } })).text) as Array<{
    id: string;
    name: string;
  }>;
  const reviews = JSON.parse(
    (await send(url, { method: 'GET', path: '/api/admin/all-reviews', headers: { cookie: adminCookie } })).text,
  ) as Array<{ id: string; reviewerName: string }>;
  const storedQuotes: Array<{ id: string; customerEmail: string }> = [];
  for (let page = 1; ; page++) {
    const res = JSON.parse(
      (await send(url, { method: 'GET', path: `/api/admin/quote-requests?limit=100&page=${page}`, headers: { cookie: adminCookie } })).text,
    ) as {
      quoteRequests: Array<{ id: string; customerEmail: string }>;
      totalPages: number;
    };
    storedQuotes.push(...res.quoteRequests);
    if (page >= res.totalPages) break;
  }
  const figures = {
    quotes: { acknowledged: acknowledged.quotes.size, stored: storedQuotes.length },
    reviews: { acknowledged: acknowledged.reviews.size, stored: reviews.length },
    listings: { acknowledged: acknowledged.listings.size, stored: listings.length - 1 },
  };
  console.log(`crash test (${profile}): ${JSON.stringify(figures)} (stored beyond acknowledged: answered by a dying process too late)`);
  expect(acknowledged.quotes.size + acknowledged.reviews.size + acknowledged.listings.size).toBeGreaterThan(30);

  const missing = (ack: Map<string, string>, stored: Array<{ id: string }>) =>
    [...ack.keys()].filter((id) => !stored.some((s) => s.id === id));
  expect(missing(acknowledged.quotes, storedQuotes)).toEqual([]);
  expect(missing(acknowledged.reviews, reviews)).toEqual([]);
  expect(missing(acknowledged.listings, listings)).toEqual([]);
  const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
  expect(duplicates(storedQuotes.map((q) => q.customerEmail))).toEqual([]);
  expect(duplicates(reviews.map((r) => r.reviewerName))).toEqual([]);
  expect(duplicates(listings.map((l) => l.name))).toEqual([]);

  // Every stored quote owed two mails: the company's and the customer's confirmation, once each.
  const owed = storedQuotes.map((q) => q.customerEmail);
  let counts = new Map<string, number>();
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 200))) {
    counts = new Map();
    for (const m of await readOutbox(outboxDir)) {
      const key = m.tag === 'quote-confirmation' ? `confirm:${m.to}` : m.tag === 'quote-to-company' ? `company:${m.replyTo}` : undefined;
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (owed.every((e) => counts.get(`confirm:${e}`) && counts.get(`company:${e}`)) || Date.now() > deadline) break;
  }
  expect(
    owed
      .filter((e) => counts.get(`confirm:${e}`) !== 1 || counts.get(`company:${e}`) !== 1)
      .map((e) => `${e}: ${counts.get(`confirm:${e}`) ?? 0}/${counts.get(`company:${e}`) ?? 0}`),
  ).toEqual([]);

  // The listings' events reached quotes (its read-model): each can receive a quote.
  const refused: string[] = [];
  for (const id of acknowledged.listings.keys()) {
    for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
      const res = await send(url, {
        method: 'POST',
        path: '/api/quote-requests',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody(id)),
      });
      if (res.status === 201) break;
      if (Date.now() > deadline) {
        refused.push(`${id}: ${res.status}`);
        break;
      }
    }
  }
  expect(refused).toEqual([]);
}

// Issue 13: kill -9 of the embedded process in the middle of a burst of writes, restart on the same
// DATA_DIR: every acknowledged write is stored once, and every mail and event it owed is delivered once.
describe.skipIf(!existsSync(main))('kill -9 of the embedded process during a burst of quotes, reviews and listings', () => {
  it('keeps every acknowledged write, once, and delivers what each owed, once', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'limo-crash-'));
    const port = await freePort();
    let url = await start(port);
    const { owner, first } = await prepare(url);
    const acknowledged = await burst(
      () => url,
      owner,
      first,
      async () => {
        await new Promise((r) => setTimeout(r, 2_500));
        child!.kill('SIGKILL');
        await new Promise((r) => child!.once('exit', r));
      },
    );
    url = await start(port);
    await verify('embedded', url, acknowledged, join(dataDir, 'outbox'));
  }, 90_000);
});

// The same in the distributed profile: kill -9 of the directory and then of the quotes process in
// the middle of the burst, each restarted a second later (as run-distributed.sh's supervisor does).
// The Kafka broker is not killed here: it is shared with other work on this machine.
describeWithEngine('kill -9 of one service process at a time (distributed)', 'KAFKA_BROKERS', () => {
  let system: DistributedSystem | undefined;
  afterAll(async () => {
    await system?.close();
  });

  it('keeps every acknowledged write, once, and delivers what each owed, once', async () => {
    system = await startDistributed({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
      REVIEW_RATE_LIMIT_PER_HOUR: '1000000',
      LISTING_RATE_LIMIT_PER_HOUR: '1000000',
      MAIL_LEASE_SECONDS: '5',
    });
    const sys = system;
    const { owner, first } = await prepare(sys.url);
    const crash = async (name: string) => {
      await sys.kill(name);
      await new Promise((r) => setTimeout(r, 1_000));
      sys.restart(name);
    };
    const acknowledged = await burst(
      () => sys.url,
      owner,
      first,
      async () => {
        await new Promise((r) => setTimeout(r, 1_500));
        await crash('directory');
        await new Promise((r) => setTimeout(r, 1_500));
        await crash('quotes');
        await new Promise((r) => setTimeout(r, 1_500));
      },
    );
    await sys.healthy();
    await verify('distributed', sys.url, acknowledged, join(sys.dataDir, 'outbox'));
  }, 600_000);
});
