import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCompanyCreateBodySchema,
  adminCompanyListQuerySchema,
  adminCompanyListResponseSchema,
  adminCompanyUpdateBodySchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  ownerCompanySchema,
} from '@limo/contracts';
import { literalPattern, notFound, type Filter } from '@limo/platform';
import { toOwnerCompany } from '../../../domain/company-view.js';
import { newCompany } from '../../../domain/new-company.js';
import type { DirectoryDeps } from '../../../deps.js';
import { assertState, suspension, unsuspension } from '../../../use-cases/company-edits.js';

/** Escapes a visitor's text for use inside a regular expression. */

/** The admin Companies tab: list, create, edit, suspend, unsuspend, delete. */
export async function adminCompanyRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { companies, reviews, changeRequests, images, blobs, search, edits, notices, audit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/companies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Companies matching `search` (name, city, state, e-mail, phone), newest first, with the total',
        querystring: adminCompanyListQuerySchema,
        response: { 200: adminCompanyListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { search: text, page, limit } = request.query;
      let filter: Filter = {};
      if (text) {
        const $regex = literalPattern(text);
        filter = { $or: ['name', 'city', 'state', 'email', 'phone'].map((field) => ({ [field]: { $regex, $options: 'i' } })) };
      }
      const [docs, totalCount] = await Promise.all([
        companies.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
        companies.count(filter),
      ]);
      return { companies: docs.map(toOwnerCompany), totalCount };
    },
  );

  r.post(
    '/api/admin/companies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a company (owner-admin §5 rules); nobody owns it until claimed',
        body: adminCompanyCreateBodySchema,
        response: { 201: ownerCompanySchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const admin = request.user!;
      const { featured, verified, ...input } = request.body;
      assertState(input.state);
      await edits.assertImagesUsable(input, admin);
      const doc = await companies.insert(
        newCompany(input, { userId: null, claimed: false, featured, verifiedBy: verified ? admin.id : null, now: new Date() }),
      );
      await edits.attachImage(doc);
      await audit.recordBy(admin, 'company.created', { type: 'company', id: doc._id }, { name: doc.name });
      return reply.code(201).send(toOwnerCompany(doc));
    },
  );

  r.put(
    '/api/admin/companies/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit any company, including featured, verified and businessVerified',
        params: idParamsSchema,
        body: adminCompanyUpdateBodySchema,
        response: { 200: ownerCompanySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const admin = request.user!;
      const { featured, verified, businessVerified, ...input } = request.body;
      const updated = await edits.apply(request.params.id, input, { featured, verified, businessVerified }, admin);
      if (!updated) throw notFound('Company not found');
      if (updated.businessVerified) await notices.closeRequestsOfVerified(updated._id);
      await audit.recordBy(admin, 'company.edited', { type: 'company', id: updated._id }, { fields: Object.keys(request.body) });
      return toOwnerCompany(updated);
    },
  );

  for (const [action, change, summary] of [
    ['suspend', suspension, 'Suspend: verified taken away (who and when kept); the listing ranks lower'],
    ['unsuspend', unsuspension, 'Unsuspend: verified given back'],
  ] as const) {
    r.put(
      `/api/admin/companies/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary,
          params: idParamsSchema,
          response: { 200: ownerCompanySchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const updated = await companies.update(request.params.id, () => change(request.user!));
        if (!updated) throw notFound('Company not found');
        await audit.recordBy(request.user!, `company.${action}ed`, { type: 'company', id: updated._id }, {});
        return toOwnerCompany(updated);
      },
    );
  }

  r.delete(
    '/api/admin/companies/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a company for good, with its reviews, change requests, images and index entry',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const deleted = await companies.delete(request.params.id);
      if (!deleted) throw notFound('Company not found');
      // The company is gone (and its event owed) first: what follows only tidies up after it.
      await search.remove([deleted._id]);
      await reviews.deleteForCompany(deleted._id);
      await changeRequests.deleteForCompany(deleted._id);
      for (const image of await images.listForCompany(deleted._id)) {
        await blobs.delete(image._id);
        await images.delete(image._id);
      }
      await audit.recordBy(request.user!, 'company.deleted', { type: 'company', id: deleted._id }, { name: deleted.name });
      return { message: 'Company deleted' };
    },
  );
}
