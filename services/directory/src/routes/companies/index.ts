import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRequestCreatedSchema,
  companyCreateBodySchema,
  companyDetailSchema,
  companySchema,
  companySearchQuerySchema,
  companyReviewsQuerySchema,
  companyUpdateBodySchema,
  errorResponses,
  idParamsSchema,
  ownerCompanySchema,
  ownerReviewSchema,
  TOTAL_COUNT_HEADER,
  type Company,
} from '@limo/contracts';
import { enforceRateLimits, forbidden, notFound } from '@limo/platform';
import { changedFields, currentValues, toOwnerCompany, toPublicCompany } from '../../domain/company-view.js';
import { newCompany } from '../../domain/new-company.js';
import { toSearchQuery } from '../../search/search-query.js';
import { pageJson } from '../../search/company-json.js';
import type { DirectoryDeps } from '../../deps.js';
import { assertState } from '../../use-cases/company-edits.js';
import { toChangeRequest } from '../../domain/change-request.js';
import { ratingOf, toOwnerReview, toReview } from '../../domain/review.js';

/** Search, company pages, listing creation and owner edits: `/api/companies*`. */
export async function companiesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { ctx, companies, reviews, changeRequests, search, searchCache, companyJson, edits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'Search companies (public-side §7); the body is the page, X-Total-Count the total',
        querystring: companySearchQuerySchema,
        response: { 200: z.array(companySchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const query = toSearchQuery(request.query, deps.now());
      // The page is cached as its JSON text: a hit is sent as it is, without re-serialising 15 companies.
      const page = await searchCache.getOrComputePage('search', query, async () => {
        const result = await search.search(query);
        // Assembled from each company's kept JSON: no store read, no re-serialisation.
        const ids = result.hits.map((h) => h.id);
        const json = await companyJson.many(result.hits, (missing) => companies.findByIds(missing));
        return { json: pageJson(ids, json, new Map(result.hits.map((h) => [h.id, h.distanceMiles]))), total: result.total };
      });
      // A string body skips the response serialiser (hence the cast); its shape is the schema above, which
      // the search tests check against every answer.
      return reply
        .header(TOTAL_COUNT_HEADER, String(page.total))
        .type('application/json; charset=utf-8')
        .send(page.json as unknown as Company[]);
    },
  );

  r.get(
    '/api/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary:
          'A company with its approved reviews, rating and review count (with verifiedCustomer=true: those of verified customers only)',
        params: idParamsSchema,
        querystring: companyReviewsQuerySchema,
        response: { 200: companyDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const company = await companies.findById(request.params.id);
      if (!company) throw notFound('Company not found');
      const approved = await reviews.list({
        companyId: company._id,
        status: 'approved',
        ...(request.query.verifiedCustomer && { verifiedCustomer: true }),
      });
      // Counted here from the reviews themselves: the page is right even before the ratings consumer ran.
      return { ...toPublicCompany(company, deps.now()), ...ratingOf(approved), reviews: approved.map(toReview) };
    },
  );

  r.get(
    '/api/companies/:id/reviews',
    {
      schema: {
        tags: ['companies'],
        summary:
          "A company's reviews: approved ones for everybody; every status, with the owner's reply and flags, for its owner and admins",
        params: idParamsSchema,
        querystring: companyReviewsQuerySchema,
        response: { 200: z.array(ownerReviewSchema.partial({ ownerReply: true, flags: true })), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const company = await companies.findById(request.params.id);
      if (!company) throw notFound('Company not found');
      const user = request.user;
      const privileged = user !== null && (user.role === 'admin' || user.id === company.userId);
      const list = await reviews.list({
        companyId: company._id,
        ...(!privileged && { status: 'approved' }),
        ...(request.query.verifiedCustomer && { verifiedCustomer: true }),
      });
      return list.map(privileged ? toOwnerReview : toReview);
    },
  );

  r.post(
    '/api/companies',
    {
      preHandler: app.requireRole('business'),
      schema: {
        tags: ['companies'],
        summary: 'List a company for free (business accounts): the caller owns it, unclaimed and unverified until a paid listing or claim',
        body: companyCreateBodySchema,
        response: { 201: ownerCompanySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `company-create:user:${user.id}`,
          limit: deps.settings.LISTING_RATE_LIMIT_PER_HOUR,
          windowMs: 60 * 60 * 1000,
          message: 'Too many listings created. Please try again later.',
        },
      ]);
      const { fullAddress, ...input } = request.body;
      assertState(input.state);
      await edits.assertImagesUsable(input, user);
      // Owned but not claimed: `claimed` stays false until a claim is approved (public-side §4).
      const doc = await companies.insert({
        ...newCompany(input, { userId: user.id, claimed: false, featured: false, verifiedBy: null, fullAddress, now: new Date() }),
        ownerEmail: user.email,
      });
      await edits.attachImage(doc);
      return reply.code(201).send(toOwnerCompany(doc));
    },
  );

  r.put(
    '/api/companies/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['companies'],
        summary: "Edit a company (its owner or an admin); an unverified owner's edit becomes a change request (202)",
        params: idParamsSchema,
        body: companyUpdateBodySchema,
        response: { 200: ownerCompanySchema, 202: changeRequestCreatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const company = await companies.findById(request.params.id);
      if (!company) throw notFound('Company not found');
      const isAdmin = user.role === 'admin';
      if (!isAdmin && company.userId !== user.id) throw forbidden('You can only edit your own company');
      const { featured, verified, ...input } = request.body;
      if (!isAdmin && !company.businessVerified) {
        assertState(input.state);
        await edits.assertImagesUsable(input, user);
        const changes = edits.withCoordinates(company, changedFields(company, input));
        if (Object.keys(changes).length === 0) return toOwnerCompany(company);
        const pending = await changeRequests.insert({
          companyId: company._id,
          companyName: company.name,
          userId: user.id,
          requestedBy: user.username,
          changes,
          previous: currentValues(company, changes),
          baseVersion: company.version,
          ownerEmail: user.email,
        });
        return reply.code(202).send({
          message: 'Your changes were sent for review. They will appear on your listing once an admin approves them.',
          changeRequest: toChangeRequest(pending),
        });
      }
      const updated = await edits.apply(company._id, input, { featured, verified }, user);
      if (!updated) throw notFound('Company not found');
      return toOwnerCompany(updated);
    },
  );
}
