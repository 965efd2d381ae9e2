import { join } from 'node:path';
import { expect } from 'vitest';
import { inParallel, readOutbox, type OutboxEntry } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import { companyBody, json, quoteBody, send, type RawResponse } from '../security/actors.js';
import { SUT_ADMIN } from './profiles.js';

/** What a crash test measured of one kind of write: answered as done, and found afterwards. */
interface Figures {
  acknowledged: number;
  stored: number;
}

/**
 * A load of one kind that a crash interrupts: `run` is called with 0, 1, 2... by several clients at
 * once until the crash is over, and answers whether the write was acknowledged; `verify` then checks
 * that each acknowledged write is stored once and got what it owed, and returns the figures.
 */
export interface Workload {
  name: string;
  run(i: number): Promise<boolean>;
  verify(): Promise<Record<string, Figures>>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request through the gateway that a real client would retry: none answered, or a 5xx. */
const refused = (res: RawResponse) => res.status <= 0 || res.status >= 500;

/** `send` that reports a refused connection (the process is down) as status -1 instead of throwing. */
const trySend = (url: string, req: Parameters<typeof send>[1]): Promise<RawResponse> =>
  send(url, req).catch(() => ({ status: -1, text: '' }));

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  trySend(url, { method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const get = async <T>(url: string, path: string, cookie: string): Promise<T> => {
  const res = await send(url, { method: 'GET', path, headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text) as T;
};

/** A client that retries a refused call after a pause, as the web app's user would, for up to `ms`. */
async function retried(call: () => Promise<RawResponse>, ms = 30_000): Promise<RawResponse> {
  for (const deadline = Date.now() + ms; ; await pause(200)) {
    const res = await call();
    if (!refused(res) || Date.now() > deadline) return res;
  }
}

/** Signs in (retrying while the process is down); the session cookie. */
async function login(url: string, email: string, password: string): Promise<string> {
  const res = await retried(() => post(url, '/api/login', { email, password }));
  if (res.status !== 200 || !res.cookie) throw new Error(`login of ${email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return res.cookie;
}

/** How `burst` drives its workloads. */
export interface BurstOptions {
  /** Callers per workload, each with one call in flight. */
  clients?: number;
  /**
   * Calls started per second per workload, at most: a crash window that lasts as long as a restart
   * does (a JVM start on a loaded machine) then owes a bounded amount of checking afterwards.
   */
  perSecond?: number;
  /** Calls per workload, at most; the callers then idle until the crash is over. */
  max?: number;
}

/**
 * Runs the workloads side by side until `during` resolves (the crash and the restart); a refused
 * call is followed by a short pause, not a tight loop.
 */
export async function burst(workloads: Workload[], during: () => Promise<void>, options: BurstOptions = {}): Promise<void> {
  const { clients = 6, perSecond = Infinity, max = 3_000 } = options;
  let done = false;
  const started = Date.now();
  const caller = async (w: Workload, counter: { n: number }) => {
    while (!done) {
      if (counter.n >= max) {
        await pause(100);
        continue;
      }
      const i = counter.n++;
      const slot = started + (i / perSecond) * 1000;
      if (slot > Date.now()) await pause(slot - Date.now());
      const ok = await w.run(i).catch(() => false);
      if (!ok) await pause(50);
    }
  };
  const callers = workloads.flatMap((w) => {
    const counter = { n: 0 };
    return Array.from({ length: clients }, () => caller(w, counter));
  });
  await during();
  done = true;
  await Promise.all(callers);
}

/** Values that occur more than once. */
const duplicates = (values: string[]): string[] => values.filter((v, i) => values.indexOf(v) !== i);

/**
 * Waits until every key of `owed` has at least one mail (keyed by `keyOf`), then expects exactly
 * one each; returns how many were delivered.
 */
async function expectMailedOnce(
  outboxDir: string,
  owed: string[],
  keyOf: (m: OutboxEntry) => string | undefined,
  timeoutMs = 45_000,
): Promise<number> {
  const count = async () => {
    const counts = new Map<string, number>();
    for (const m of await readOutbox(outboxDir)) {
      const key = keyOf(m);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  let counts = new Map<string, number>();
  await waitFor(
    async () => {
      counts = await count();
      if (owed.every((k) => counts.has(k))) return true;
      await pause(250);
      return false;
    },
    timeoutMs,
    'every owed mail',
  ).catch(() => undefined);
  expect(owed.filter((k) => counts.get(k) !== 1).map((k) => `${k}: ${counts.get(k) ?? 0} mails`)).toEqual([]);
  return owed.length;
}

/** The owner and first company the intake writes against, once quotes knows the company. */
async function prepareIntake(url: string): Promise<{ owner: string; first: string; run: string }> {
  const run = Math.random().toString(36).slice(2, 8);
  const email = `crash.owner.${run}@example.com`;
  await json(url, 'POST', '/api/register', { username: `crashowner${run}`, email, password: 'crash-pass-1' }, undefined, [201]);
  const owner = await login(url, email, 'crash-pass-1');
  const first = String((await json(url, 'POST', '/api/companies', companyBody(`first-${run}`), owner, [201])).id);
  await waitFor(
    async () => (await trySend(url, { method: 'GET', path: '/api/quote-requests/summary', headers: { cookie: owner } })).status === 200,
    20_000,
    'quotes to learn the first company',
  );
  return { owner, first, run };
}

/**
 * Quotes, reviews and listings (the intake the issue names): every acknowledged one stored once,
 * every stored quote mailed to its company and its customer once each, every listing known to quotes.
 */
export async function intakeWorkload(url: () => string, outboxDir: string): Promise<Workload> {
  const { owner, first, run } = await prepareIntake(url());
  const acknowledged = { quotes: new Set<string>(), reviews: new Set<string>(), listings: new Set<string>() };
  return {
    name: 'intake',
    async run(i) {
      const kind = (['quotes', 'reviews', 'listings'] as const)[i % 3];
      const [path, body, headers] =
        kind === 'quotes'
          ? ['/api/quote-requests', { ...quoteBody(first), customerEmail: `crash-${run}-${i}@example.com` }, {}]
          : kind === 'reviews'
            ? ['/api/reviews', { companyId: first, rating: 4, reviewerName: `Crash Reviewer ${run} ${i}`, comment: 'Burst' }, {}]
            : ['/api/companies', companyBody(`crash-${run}-${i}`), { cookie: owner }];
      const res = await post(url(), path, body, headers);
      if (res.status !== 201) return false;
      acknowledged[kind].add(String((JSON.parse(res.text) as { id: string }).id));
      return true;
    },
    async verify() {
      const base = url();
      const started = performance.now();
      const phase = (what: string) => console.log(`intake verify: ${what} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const admin = await login(base, SUT_ADMIN.email, SUT_ADMIN.password);
      const ownerNow = await login(base, `crash.owner.${run}@example.com`, 'crash-pass-1');
      const listings = (await get<Array<{ id: string; name: string }>>(base, '/api/my-companies', ownerNow)).filter((c) => c.id !== first);
      const reviews = (await get<Array<{ id: string; reviewerName: string }>>(base, '/api/admin/all-reviews', admin)).filter((r) =>
        r.reviewerName.startsWith(`Crash Reviewer ${run} `),
      );
      const quotes: Array<{ id: string; customerEmail: string }> = [];
      for (let page = 1; ; page++) {
        const res = await get<{ quoteRequests: Array<{ id: string; customerEmail: string }>; totalPages: number }>(
          base,
          `/api/admin/quote-requests?limit=100&page=${page}`,
          admin,
        );
        quotes.push(...res.quoteRequests.filter((q) => q.customerEmail.startsWith(`crash-${run}-`)));
        if (page >= res.totalPages) break;
      }
      const missing = (ack: Set<string>, stored: Array<{ id: string }>) => [...ack].filter((id) => !stored.some((s) => s.id === id));
      expect(missing(acknowledged.quotes, quotes)).toEqual([]);
      expect(missing(acknowledged.reviews, reviews)).toEqual([]);
      expect(missing(acknowledged.listings, listings)).toEqual([]);
      expect(duplicates(quotes.map((q) => q.customerEmail))).toEqual([]);
      expect(duplicates(reviews.map((r) => r.reviewerName))).toEqual([]);
      expect(duplicates(listings.map((l) => l.name))).toEqual([]);

      phase('writes checked');
      // Every stored quote owed two mails: the company's and the customer's confirmation, once each.
      await expectMailedOnce(
        outboxDir,
        quotes.flatMap((q) => [`confirm:${q.customerEmail}`, `company:${q.customerEmail}`]),
        (m) => (m.tag === 'quote-confirmation' ? `confirm:${m.to}` : m.tag === 'quote-to-company' ? `company:${m.replyTo}` : undefined),
      );

      phase('mails checked');
      // The listings' events reached quotes (its read-model): each can receive a quote. One deadline
      // for all of them: a consumer that catches up late lets them all through at once, and one that
      // never does must not cost a wait per listing.
      const refusedQuotes: string[] = [];
      const deadline = Date.now() + 90_000;
      await inParallel(8, [...acknowledged.listings], async (id) => {
        for (;;) {
          const r = await post(base, '/api/quote-requests', quoteBody(id));
          if (r.status === 201) return;
          if (Date.now() > deadline) return void refusedQuotes.push(`${id}: ${r.status} ${r.text.slice(0, 100)}`);
          await pause(200);
        }
      });
      phase('listings checked');
      // One line, so that the end of a CI log shows it: how many, and the first few with their answers.
      expect(refusedQuotes.length, `listings refused a quote: ${refusedQuotes.slice(0, 3).join(' | ')}`).toBe(0);
      return {
        quotes: { acknowledged: acknowledged.quotes.size, stored: quotes.length },
        reviews: { acknowledged: acknowledged.reviews.size, stored: reviews.length },
        listings: { acknowledged: acknowledged.listings.size, stored: listings.length },
      };
    },
  };
}

/**
 * Identity: registrations, logins and reset requests. Every acknowledged account signs in afterwards
 * and reaches billing's subscribers (user.registered) once; every acknowledged reset request is mailed
 * once (each account asks once: a second request would owe a second mail).
 */
export async function identityWorkload(url: () => string, outboxDir: string): Promise<Workload> {
  const run = Math.random().toString(36).slice(2, 8);
  const password = 'crash-pass-1';
  // Accounts for the logins and reset requests; forgot-password allows 20 an hour from one address.
  const existing = Array.from({ length: 12 }, (_, k) => `crash-known-${run}-${k}@example.com`);
  for (const email of existing) await json(url(), 'POST', '/api/register', { username: email, email, password }, undefined, [201]);
  const registered = new Set<string>();
  const resets = new Set<string>();
  let nextReset = 0;
  let logins = 0;
  return {
    name: 'identity',
    async run(i) {
      if (i % 3 === 1 && nextReset < existing.length) {
        const email = existing[nextReset++];
        const res = await post(url(), '/api/forgot-password', { email });
        if (res.status === 200) resets.add(email);
        return res.status === 200;
      }
      if (i % 3 === 2) {
        const res = await post(url(), '/api/login', { email: existing[i % existing.length], password });
        if (res.status === 200) logins++;
        return res.status === 200;
      }
      const email = `crash-new-${run}-${i}@example.com`;
      const res = await post(url(), '/api/register', { username: `crash-new-${run}-${i}`, email, password });
      if (res.status === 201) registered.add(email);
      return res.status === 201;
    },
    async verify() {
      const base = url();
      const cannotSignIn: string[] = [];
      for (const email of registered) {
        if ((await retried(() => post(base, '/api/login', { email, password }))).status !== 200) cannotSignIn.push(email);
      }
      expect(cannotSignIn).toEqual([]);
      const admin = await login(base, SUT_ADMIN.email, SUT_ADMIN.password);
      let subscribers: string[] = [];
      await waitFor(
        async () => {
          subscribers = (await get<Array<{ email: string }>>(base, '/api/admin/subscribers', admin))
            .map((s) => s.email)
            .filter((e) => e.startsWith(`crash-new-${run}-`));
          return [...registered].every((e) => subscribers.includes(e)) || (await pause(250), false);
        },
        30_000,
        'billing to hear of every account',
      ).catch(() => undefined);
      expect([...registered].filter((e) => !subscribers.includes(e))).toEqual([]);
      expect(duplicates(subscribers)).toEqual([]);
      await expectMailedOnce(outboxDir, [...resets], (m) => (m.tag === 'password-reset' ? m.to : undefined));
      return {
        registrations: { acknowledged: registered.size, stored: subscribers.length },
        'reset mails': { acknowledged: resets.size, stored: resets.size },
        logins: { acknowledged: logins, stored: logins },
      };
    },
  };
}

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/**
 * Billing: claims through the payment simulator (checkout, payment, reported success), each client
 * retrying a refused step as the web app's user would. Every acknowledged claim is stored once (one
 * claim a company), the company shows it (claim.submitted reached directory) and its claimer got the
 * set-password mail once (identity made the account from the event).
 */
export async function billingWorkload(url: () => string, outboxDir: string, companies = 36): Promise<Workload> {
  const run = Math.random().toString(36).slice(2, 8);
  const admin = await login(url(), SUT_ADMIN.email, SUT_ADMIN.password);
  const ids: string[] = [];
  for (let k = 0; k < companies; k++) {
    const body = {
      name: `Crash Claimable ${run} ${k}`,
      city: 'Denver',
      state: 'CO',
      phone: '(303) 555-0100',
      email: `desk-${run}-${k}@example.com`,
    };
    ids.push(String((await json(url(), 'POST', '/api/admin/companies', body, admin, [201])).id));
  }
  // Billing learns companies from events: the last one known means every one is.
  await waitFor(
    async () =>
      (
        await post(url(), '/api/create-payment-intent', {
          plan: 'claim',
          companyId: ids.at(-1),
          claimerDetails: { name: 'Crash Probe', email: `crash-probe-${run}@example.com`, phone: '(303) 555-0199', role: 'owner' },
        })
      ).status === 200 || (await pause(200), false),
    30_000,
    'billing to learn the companies',
  );
  const claims = new Map<string, { claimId: string; email: string }>();
  return {
    name: 'billing',
    async run(i) {
      const companyId = ids[i];
      if (!companyId) return (await pause(200), true);
      const email = `crash-claimer-${run}-${i}@example.com`;
      const claimerDetails = { name: `Crash Claimer ${i}`, email, phone: '(303) 555-0199', role: 'owner' };
      const intent = await retried(() => post(url(), '/api/create-payment-intent', { plan: 'claim', companyId, claimerDetails }));
      if (intent.status !== 200) return false;
      const { clientSecret, paymentIntentId } = JSON.parse(intent.text) as { clientSecret: string; paymentIntentId: string };
      const paid = await retried(() => post(url(), '/api/payments/simulator/confirm', { clientSecret, ...card }));
      if (paid.status !== 200) return false;
      const success = await retried(() =>
        post(url(), '/api/process-payment-success', {
          paymentIntent: paymentIntentId,
          paymentIntentClientSecret: clientSecret,
          plan: 'claim',
          companyId,
          claimerDetails,
        }),
      );
      if (success.status !== 200) return false;
      claims.set(companyId, { claimId: String((JSON.parse(success.text) as { claimId: string }).claimId), email });
      return true;
    },
    async verify() {
      const base = url();
      const adminNow = await login(base, SUT_ADMIN.email, SUT_ADMIN.password);
      const stored = (
        await get<Array<{ id: string; companyId: string; claimerEmail: string }>>(base, '/api/admin/business-claims', adminNow)
      ).filter((c) => ids.includes(c.companyId));
      expect([...claims.values()].filter((c) => !stored.some((s) => s.id === c.claimId))).toEqual([]);
      expect(duplicates(stored.map((c) => c.companyId))).toEqual([]);
      const unclaimed: string[] = [];
      for (const companyId of claims.keys()) {
        const shown = await waitFor(
          async () => {
            const res = await trySend(base, { method: 'GET', path: `/api/companies/${companyId}`, headers: {} });
            return (res.status === 200 && (JSON.parse(res.text) as { claimed?: boolean }).claimed === true) || (await pause(200), false);
          },
          20_000,
          `company ${companyId} shown claimed`,
        ).catch(() => false);
        if (!shown) unclaimed.push(companyId);
      }
      expect(unclaimed).toEqual([]);
      await expectMailedOnce(
        outboxDir,
        stored.map((c) => c.claimerEmail),
        (m) => (m.tag === 'password-reset' && m.to.startsWith(`crash-claimer-${run}-`) ? m.to : undefined),
      );
      return { claims: { acknowledged: claims.size, stored: stored.length } };
    },
  };
}

/** What the crash tests' systems need for analytics: no per-IP cap (every event comes from 127.0.0.1). */
export const CRASH_ANALYTICS_ENV = { ANALYTICS_IP_EVENTS_PER_MINUTE: '1000000000' };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * Analytics: tracked searches, each a client event of its own, over `texts` search texts so that the
 * admin dashboard lists them all. Afterwards, every search text counts at least its acknowledged
 * events and at most the events sent (one sent to a dying process may count unacknowledged), in the
 * admin's popular searches and overview: nothing lost, nothing counted twice, in the rollups the
 * dashboards read. Needs {@link CRASH_ANALYTICS_ENV}. `countedWithinMs`: how long the counts may take
 * to catch up (the distributed ingest waits for the killed consumer's session to time out).
 * `everyAcknowledged`: every event sent must have been answered 202 (none refused).
 */
export async function analyticsWorkload(
  url: () => string,
  countedWithinMs = 20_000,
  texts = 50,
  options: { everyAcknowledged?: boolean } = {},
): Promise<Workload> {
  const run = Math.random().toString(36).slice(2, 8);
  const textOf = (i: number) => `crash ${run} ${i % texts}`;
  const sent = new Map<string, number>();
  const acknowledged = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const total = (counts: Map<string, number>) => [...counts.values()].reduce((n, v) => n + v, 0);
  return {
    name: 'analytics',
    async run(i) {
      const searchQuery = textOf(i);
      add(sent, searchQuery);
      const event = {
        sessionId: `crash-${run}`,
        actionType: 'search',
        searchQuery,
        currentPage: `/search?n=${i}`,
        timestamp: new Date().toISOString(),
      };
      const res = await post(url(), '/api/analytics/track', event, { 'user-agent': BROWSER });
      if (res.status !== 202) return false;
      add(acknowledged, searchQuery);
      // A page sends a handful of events a second, not a flood: leave the machine to the other writes.
      await pause(20);
      return true;
    },
    async verify() {
      const base = url();
      const admin = await login(base, SUT_ADMIN.email, SUT_ADMIN.password);
      const counted = new Map<string, number>();
      let searches = 0;
      const read = async () => {
        const popular = await get<Array<{ searchQuery: string; searchCount: number }>>(
          base,
          '/api/admin/analytics/popular-searches?days=7&limit=100',
          admin,
        );
        counted.clear();
        for (const p of popular) if (sent.has(p.searchQuery)) counted.set(p.searchQuery, p.searchCount);
        searches = (await get<{ totalSearches: number }>(base, '/api/admin/analytics/overview?days=7', admin)).totalSearches;
      };
      // Batches are written every few seconds; a restarted Kafka consumer gets its partitions once the
      // killed one's session has timed out.
      await waitFor(
        async () => {
          await read();
          return [...acknowledged].every(([text, n]) => (counted.get(text) ?? 0) >= n) || (await pause(500), false);
        },
        countedWithinMs,
        'every acknowledged event counted',
      ).catch(() => undefined);
      // A moment more for events sent to a dying process, then the final figures.
      await pause(3_000);
      await read();
      const wrong = [...sent]
        .filter(([text, n]) => (counted.get(text) ?? 0) < (acknowledged.get(text) ?? 0) || (counted.get(text) ?? 0) > n)
        .map(([text, n]) => `${text}: ${acknowledged.get(text) ?? 0} acknowledged, ${n} sent, ${counted.get(text) ?? 0} counted`);
      expect(wrong).toEqual([]);
      // Where analytics itself stays up (the broker is what fails), every event sent is acknowledged.
      if (options.everyAcknowledged) expect(total(acknowledged), 'tracked events answered 202').toBe(total(sent));
      expect(searches).toBeGreaterThanOrEqual(total(acknowledged));
      expect(searches).toBeLessThanOrEqual(total(sent));
      return { 'tracked events': { acknowledged: total(acknowledged), stored: total(counted) } };
    },
  };
}

/** Verifies each workload and prints its figures under `title`. */
export async function verifyAll(title: string, workloads: Workload[]): Promise<void> {
  const figures: Record<string, Figures> = {};
  for (const w of workloads) Object.assign(figures, await w.verify());
  console.log(`${title}: ${JSON.stringify(figures)} (stored beyond acknowledged: answered by a dying process too late)`);
  const acknowledged = Object.values(figures).reduce((n, f) => n + f.acknowledged, 0);
  expect(acknowledged).toBeGreaterThan(30);
}

/** The mail outbox of a system under test (the file mailer's folder under DATA_DIR). */
export const outboxOf = (dataDir: string): string => join(dataDir, 'outbox');
