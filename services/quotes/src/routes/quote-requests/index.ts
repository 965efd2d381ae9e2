import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  OWNER_QUOTES_PAGE_SIZE,
  ownerQuoteListQuerySchema,
  ownerQuoteSummaryQuerySchema,
  ownerQuoteListSchema,
  ownerQuoteSummarySchema,
  quoteRequestBodySchema,
  quoteRequestCreatedSchema,
  quoteRequestSchema,
  quoteStatusBodySchema,
} from '@limo/contracts';
import { enforceRateLimits, forbidden, notFound, readSoon, unauthorized } from '@limo/platform';
import { monotonicIsoNow } from '../../domain/clock.js';
import { ownerContactedTransition, OWNER_SETTABLE_STATUSES } from '../../domain/status.js';
import type { CompanyContactDoc } from '../../domain/company-contact.js';
import { newQuoteMailState, quoteDetails, quoteRequestedEvent, toQuoteRequest, type QuoteDoc } from '../../domain/quote.js';
import type { RouteDeps } from '../deps.js';

const HOUR_MS = 60 * 60 * 1000;
const NO_COMPANY = 'No business listing found for this account';
const QUOTE_NOT_FOUND = 'Quote request not found';
/** How long a quote for an unknown company waits for that company's event to arrive. */
const NEW_COMPANY_GRACE_MS = 3000;
// Without `page` the dashboard gets the whole list and pages it itself; this bounds one answer.
const OWNER_QUOTES_MAX_LIST = 1000;

/**
 * POST /api/quote-requests (public, rate limited per IP); the owner's routes are ownerQuoteRequestsRoutes
 * below. The owner is any signed-in user who owns a company (owner-admin side
 * §6: the dashboard serves "any logged-in user who has a company"); they act on their first company
 * only, and another company's quote answers 404 as if it did not exist.
 */
export async function quoteRequestsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { ctx, quotes, companies } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The company from this service's read-model. A company listed a moment ago may not have reached
   * it yet (its event is on its way through the bus), so a miss is asked again for a short while
   * before the visitor is told it does not exist.
   */
  const findCompanySoon = (id: string): Promise<CompanyContactDoc | null> =>
    readSoon(() => companies.findActive(id), { withinMs: NEW_COMPANY_GRACE_MS });

  r.post(
    '/api/quote-requests',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Send a quote request to one company; the company and the customer are e-mailed',
        body: quoteRequestBodySchema,
        response: { 201: quoteRequestCreatedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `quote:ip:${request.ip}`,
          limit: deps.settings.QUOTE_RATE_LIMIT_PER_HOUR,
          windowMs: HOUR_MS,
          message: 'Too many quote requests from this address. Please try again later.',
        },
      ]);
      await deps.backlog.admit();
      const body = request.body;
      const company = await findCompanySoon(body.companyId);
      if (!company) throw notFound('Company not found');
      const now = monotonicIsoNow();
      const quote: QuoteDoc = {
        _id: randomUUID(),
        companyId: company._id,
        companyName: company.name,
        source: 'company',
        cityRequestId: null,
        targetCity: null,
        cityCompaniesNotified: null,
        ...quoteDetails(body),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
        ...newQuoteMailState('pending'),
        firstViewedAt: null,
        contactedAt: null,
      };
      await quotes.insert(quote, quoteRequestedEvent(quote, randomUUID()));
      return reply.code(201).send({
        id: quote._id,
        companyId: quote.companyId,
        companyName: quote.companyName,
        status: quote.status,
        createdAt: quote.createdAt,
      });
    },
  );
}

/**
 * The owner's GET, PUT and DELETE /api/quote-requests[/{id}] and GET /api/quote-requests/summary,
 * registered under the owner scope (its guard answers 401 signed out).
 */
export async function ownerQuoteRequestsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { quotes, companies, leads } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in user's first company, or 404. */
  /** The caller's company `companyId` (the dashboard's switcher), else their first; 404 when they have none of that. */
  const ownersCompany = async (request: FastifyRequest, companyId?: string): Promise<CompanyContactDoc> => {
    if (!request.user) throw unauthorized();
    const company = companyId ? await companies.ownedBy(request.user.id, companyId) : await companies.firstOwnedBy(request.user.id);
    if (!company) throw notFound(NO_COMPANY);
    return company;
  };
  /** The caller's quote `id` of whichever of their companies it was sent to; 404 otherwise. */
  const ownersQuote = async (request: FastifyRequest, id: string): Promise<{ quote: QuoteDoc; company: CompanyContactDoc }> => {
    if (!request.user) throw unauthorized();
    const quote = await quotes.findById(id);
    const company = quote && (await companies.ownedBy(request.user.id, quote.companyId));
    if (!quote || !company) throw notFound(QUOTE_NOT_FOUND);
    return { quote, company };
  };

  r.get(
    '/api/quote-requests',
    {
      schema: {
        tags: ['quotes', 'owner'],
        summary:
          "The quote requests of the owner's company `companyId` (default: their first), newest first (all, or 15 a page with `page`), with lead tracking; total in X-Total-Count",
        querystring: ownerQuoteListQuerySchema,
        response: { 200: ownerQuoteListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const { page, companyId } = request.query;
      const company = companyId ? await ownersCompany(request, companyId) : await companies.firstOwnedBy(request.user.id);
      if (!company) return reply.header('x-total-count', 0).send([]);
      const { quotes: found, total } = page
        ? await quotes.pageOfCompany(company._id, page, OWNER_QUOTES_PAGE_SIZE)
        : await quotes.pageOfCompany(company._id, 1, OWNER_QUOTES_MAX_LIST);
      const shown = await leads.viewedByOwner(found);
      return reply.header('x-total-count', total).send(shown.map(toQuoteRequest));
    },
  );

  r.get(
    '/api/quote-requests/summary',
    {
      schema: {
        tags: ['quotes', 'owner'],
        summary:
          "Which company the owner's quotes are for (`companyId`, default their first), how many there are, and its median response time",
        querystring: ownerQuoteSummaryQuerySchema,
        response: { 200: ownerQuoteSummarySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const company = await ownersCompany(request, request.query.companyId);
      const { total } = await quotes.pageOfCompany(company._id, 1, 1);
      return { companyId: company._id, companyName: company.name, total, responseTime: company.responseTime };
    },
  );

  r.put(
    '/api/quote-requests/:id',
    {
      schema: {
        tags: ['quotes', 'owner'],
        summary: 'Mark one of your quote requests as contacted (the only status an owner may set)',
        params: idParamsSchema,
        body: quoteStatusBodySchema,
        response: {
          200: quoteRequestSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { quote } = await ownersQuote(request, request.params.id);
      if (!OWNER_SETTABLE_STATUSES.includes(request.body.status)) {
        throw forbidden('You can only mark a quote request as contacted');
      }
      const next = ownerContactedTransition(quote.status);
      if (next === quote.status) return toQuoteRequest(quote);
      const updated = await leads.changeStatus(quote, next);
      if (!updated) throw notFound(QUOTE_NOT_FOUND);
      return toQuoteRequest(updated);
    },
  );

  r.delete(
    '/api/quote-requests/:id',
    {
      schema: {
        tags: ['quotes', 'owner'],
        summary: 'Delete one of your quote requests',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { company } = await ownersQuote(request, request.params.id);
      if (!(await quotes.deleteOwned(request.params.id, company._id))) throw notFound(QUOTE_NOT_FOUND);
      return { message: 'Quote request deleted' };
    },
  );
}
