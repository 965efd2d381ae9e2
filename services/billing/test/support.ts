import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CompanySnapshot, Role } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { createTestContext, ipSequence, sessionCookie, waitFor, type TestContext } from '@limo/platform/testing';
import { createBillingService, type BillingOptions, type BillingService } from '../src/app.js';
import type { PaymentSimulator } from '../src/payments/simulator.payments.js';

/** A running billing service on the embedded adapters, with the simulator (no webhook duplicates unless asked). */
export interface Harness {
  ctx: TestContext;
  service: BillingService;
  app: FastifyInstance;
  simulator(): PaymentSimulator;
  /** Every event published on the bus so far. */
  published: EventEnvelope[];
  close(): Promise<void>;
}

export async function startBilling(env: Record<string, string> = {}, options: BillingOptions = {}): Promise<Harness> {
  const ctx = await createTestContext({ PUBLIC_URL: 'http://limo.test', ...env });
  const published: EventEnvelope[] = [];
  const publish = ctx.bus.publish.bind(ctx.bus);
  ctx.bus.publish = async (events) => {
    published.push(...events);
    await publish(events);
  };
  const service = await createBillingService(ctx, {
    env: { ...env },
    simulator: { duplicateRate: 0, retryDelayMs: 10 },
    companyWaitMs: 200,
    lookupCompany: async () => null,
    ...options,
  });
  await service.start();
  return {
    ctx,
    service,
    app: service.app,
    published,
    simulator: () => {
      const sim = service.deps.registry.simulator();
      if (!sim) throw new Error('the simulator is not allowed in this harness');
      return sim;
    },
    async close() {
      await service.app.close();
      await service.stop();
      await ctx.close();
    },
  };
}

/** A signed-in user: its id and the cookie carrying its session. */
export interface TestUser {
  id: string;
  role: Role;
  email: string;
  cookie: string;
}

export function userOf(h: Harness, role: Role, id: string = randomUUID()): TestUser {
  const email = `${role}-${id.slice(0, 6)}@example.com`;
  return { id, role, email, cookie: sessionCookie({ id, role, username: email, email }, h.ctx.config.JWT_SECRET) };
}

const nextIp = ipSequence('10.4');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `app.inject` as `user` (or signed out) with a JSON payload (a string is sent as is). */
export function call(
  h: Harness,
  method: Method,
  url: string,
  user?: TestUser,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...(user && { cookie: user.cookie }), ...(payload !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}

/** Tells billing about a company, as directory's event would. */
export async function listCompany(h: Harness, fields: Partial<CompanySnapshot> = {}): Promise<CompanySnapshot> {
  const snapshot: CompanySnapshot = {
    id: randomUUID(),
    name: `Test Limousines ${Math.random().toString(36).slice(2, 6)}`,
    email: 'desk@example.com',
    businessEmail: null,
    phone: '(303) 555-0100',
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    latitude: 39.75,
    longitude: -104.99,
    userId: null,
    createdAt: new Date().toISOString(),
    version: 1,
    ...fields,
  };
  await h.ctx.bus.publish([
    { id: randomUUID(), type: 'company.created.v1', occurredAt: new Date().toISOString(), key: snapshot.id, data: snapshot },
  ]);
  await waitFor(() => h.service.deps.readModels.findCompany(snapshot.id).then((c) => c ?? undefined), 5000, 'company in the read-model');
  return snapshot;
}

export const claimer = (email = `claimer-${Math.random().toString(36).slice(2, 8)}@example.com`) => ({
  name: 'Dana Driver',
  email,
  phone: '(303) 555-0199',
  role: 'owner',
});
export const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

/** Starts a claim checkout and pays it with `cardNumber`; returns the intent's answer and the confirm's. */
export async function checkoutAndPay(h: Harness, companyId: string, cardNumber = '4242424242424242') {
  const intent = await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId, amount: 75 });
  if (intent.statusCode !== 200) throw new Error(`create-payment-intent: ${intent.statusCode} ${intent.body}`);
  const { clientSecret, paymentIntentId, subscriptionId } = intent.json() as {
    clientSecret: string;
    paymentIntentId: string;
    subscriptionId: string;
  };
  const confirm = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card(cardNumber) });
  return { clientSecret, paymentIntentId, subscriptionId, confirm };
}

export { waitFor };
