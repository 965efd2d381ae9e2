import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type Role } from '@limo/contracts';
import type { EventEnvelope, MailMessage, Mailer, SentMail } from '@limo/platform';
import { nextIp, sessionCookie, startTestService, waitFor, type ServiceHarness, type TestContext } from '@limo/platform/testing';
import { createQuotesService } from '../src/app.js';
import type { CompanyContactDoc } from '../src/domain/company-contact.js';
import { type QuoteDoc } from '../src/domain/quote.js';
import { companyEvent, companySnapshot } from './fixtures.js';

/** A mail adapter that can be "killed": while down every send fails, as an SMTP outage would. */
export class SwitchableMailer implements Mailer {
  down = false;
  failures = 0;
  /** Addresses the "server" always refuses, down or not. */
  readonly refused = new Set<string>();
  constructor(private readonly inner: Mailer) {}
  async send(message: MailMessage): Promise<SentMail> {
    if (this.refused.has(message.to)) throw new Error(`550 mailbox unavailable: ${message.to}`);
    if (this.down) {
      this.failures++;
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    }
    return this.inner.send(message);
  }
  ping = () => this.inner.ping();
  close = () => this.inner.close();
}

// Live bindings: set by useQuotesService's beforeAll, read by the test file importing them.
let h: ServiceHarness;
export let ctx: TestContext;
export let mailer: SwitchableMailer;
export let app: FastifyInstance;
export const published: EventEnvelope[] = [];

/**
 * Quotes on the embedded adapters for the calling test file (5 quote and 2 city requests an hour per
 * address, a fast redelivery sweep, a mailer that can be taken down), with an observer of its events.
 */
export function useQuotesService(): void {
  beforeAll(async () => {
    h = await startTestService(
      (context) => {
        mailer = new SwitchableMailer(context.mailer);
        // A fast sweep, so the outage test need not wait 30 s for the safety net.
        return createQuotesService({ ...context, mailer }, { redelivery: { intervalMs: 100, graceMs: 0 } });
      },
      { QUOTE_RATE_LIMIT_PER_HOUR: '5', CITY_QUOTE_RATE_LIMIT_PER_HOUR: '2' },
    );
    ({ ctx, app } = h);
    await ctx.bus.subscribe({
      group: 'test.observer',
      topics: ['quote.requested.v1', 'quote.delivered.v1', 'company.response-time.v1', 'city-quote.requested.v1'],
      handler: async (event) => void published.push(event),
    });
  });
  afterAll(() => h.close());
}

export const companies = () => ctx.store.collection<CompanyContactDoc>('companies');
/** `waitFor` takes null as an answer: a document not there yet must read as undefined. */
export const present = async <T>(doc: Promise<T | null>): Promise<T | undefined> => (await doc) ?? undefined;
export const quotes = () => ctx.store.collection<QuoteDoc>('quote_requests');

export async function addCompany(overrides: Parameters<typeof companySnapshot>[0] = {}) {
  const snapshot = companySnapshot(overrides);
  await ctx.bus.publish([companyEvent('company.created.v1', snapshot)]);
  await waitFor(
    () => present(companies().then((c) => c.findOne({ _id: snapshot.id, version: snapshot.version }))),
    5000,
    `company ${snapshot.id}`,
  );
  return snapshot;
}

export const postQuote = (body: Record<string, unknown>, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/quote-requests', payload: body, remoteAddress });
export const postCityQuote = (body: Record<string, unknown>, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/city-quote-requests', payload: body, remoteAddress });

export const cookieFor = (id: string, role: Role = 'business') =>
  sessionCookie(ctx.config.JWT_SECRET, { id, role, username: `u-${id.slice(0, 6)}`, email: `${id.slice(0, 6)}@owner.example` });

export const mailsTo = async (to: string) => (await ctx.outbox()).filter((m) => m.to === to);
