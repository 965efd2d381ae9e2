import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { call, startBilling, type Harness } from './support.js';
import type { SubscriptionDoc } from '../src/repositories/subscriptions.repository.js';

// The Stripe adapter's test support: recorded event fixtures (test/fixtures/stripe-events.json) signed
// like Stripe signs them, a checkout stored as create-payment-intent would store it, and a recording
// proxy in front of stripe-mock (which keeps no state) to see what billing asked Stripe.

export const WEBHOOK_SECRET = 'whsec_stripefixturetest';
const fixtures = JSON.parse(readFileSync(new URL('./fixtures/stripe-events.json', import.meta.url), 'utf8')) as Record<
  string,
  { id: string; created: number; data: { object: Record<string, unknown> } }
>;
const signer = new Stripe('sk_test_signer');

/** Billing on the Stripe adapter, its API at `apiUrl` (stripe-mock or a proxy in front of it). */
export function startStripeBilling(apiUrl: string): Promise<Harness> {
  return startBilling(
    {},
    {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fixturerun',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fixturerun',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: apiUrl,
      },
    },
  );
}

/** A fixture with fresh ids for this run (`ids` maps the fixture's ids to this run's), its created time now. */
export function fixture(type: string, ids: Record<string, string>): string {
  let text = JSON.stringify({ ...fixtures[type], id: `evt_${randomUUID().replace(/-/g, '')}`, created: Math.floor(Date.now() / 1000) });
  for (const [from, to] of Object.entries(ids)) text = text.split(from).join(to);
  return text;
}

/** Signs `payload` with `secret` as Stripe does. */
export const signed = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number): string =>
  signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined && { timestamp }) });

/** Posts a webhook to billing's route, signed with the configured secret unless `signature` is given. */
export const postWebhook = (h: Harness, payload: string, signature = signed(payload)) =>
  call(h, 'POST', '/api/webhooks/stripe', undefined, payload, { 'stripe-signature': signature });

/** A checkout as create-payment-intent would have stored it (stripe-mock's invoice has no PaymentIntent to start one for real). */
export async function storedCheckout(h: Harness, sub: Partial<SubscriptionDoc> = {}) {
  const n = randomUUID().replace(/-/g, '').slice(0, 12);
  const ids = {
    pi_fixture: `pi_${n}`,
    sub_fixture: `sub_${n}`,
    cus_fixture: `cus_${n}`,
    seti_fixture: `seti_${n}`,
    pm_fixture: `pm_${n}`,
    company_fixture: randomUUID(),
  };
  const now = new Date().toISOString();
  await h.service.deps.payments.insert({
    _id: ids.pi_fixture,
    provider: 'stripe',
    purpose: 'claim',
    plan: 'claim',
    amount: 7500,
    currency: 'usd',
    companyId: ids.company_fixture,
    userId: null,
    customerId: ids.cus_fixture,
    subscriptionId: ids.sub_fixture,
    status: 'open',
    lastError: null,
    listingEmail: null,
    listingName: null,
    createdAt: now,
    succeededAt: null,
  });
  await h.service.deps.subscriptions.insert({
    _id: ids.sub_fixture,
    provider: 'stripe',
    companyId: ids.company_fixture,
    userId: 'owner-1',
    customerId: ids.cus_fixture,
    paymentIntentId: ids.pi_fixture,
    email: null,
    amount: 7500,
    status: 'incomplete',
    statusAt: now,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    createdAt: now,
    ...sub,
  });
  return ids;
}

/** One request billing sent to Stripe: method, path and the form body, decoded. */
export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
}

/** Billing on stripe-mock at `url` behind a recording proxy (`stripe.requests`: what the adapter sent); closing it closes both. */
export async function startRecordedStripeBilling(url: string): Promise<Harness & { stripe: { requests: StripeRequest[] } }> {
  const proxy = await recordingProxy(url);
  const h = await startStripeBilling(proxy.url);
  return {
    ...h,
    stripe: proxy,
    async close() {
      await h.close();
      await proxy.close();
    },
  };
}

/** A proxy in front of stripe-mock that records each request billing sends. */
async function recordingProxy(target: string): Promise<{ url: string; requests: StripeRequest[]; close(): Promise<void> }> {
  const requests: StripeRequest[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0], form: new URLSearchParams(body.toString()) });
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
