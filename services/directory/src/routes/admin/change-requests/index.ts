import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRequestListQuerySchema, changeRequestSchema, errorResponses, idParamsSchema, ownerCompanySchema } from '@limo/contracts';
import { conflict, notFound } from '@limo/platform';
import { toOwnerCompany } from '../../../domain/company-view.js';
import type { DirectoryDeps } from '../../../deps.js';
import { toChangeRequest } from '../../../domain/change-request.js';

/** The queue of unverified owners' edits: list, approve (applies them), reject. Admins only. */
export async function changeRequestRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { changeRequests, edits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/change-requests',
    {
      schema: {
        tags: ['admin'],
        summary: "Owners' change requests (pending by default), oldest first",
        querystring: changeRequestListQuerySchema,
        response: { 200: z.array(changeRequestSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { status } = request.query;
      return (await changeRequests.list(status === 'all' ? {} : { status })).map(toChangeRequest);
    },
  );

  r.post(
    '/api/admin/change-requests/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a change request: its changes are applied to the company',
        params: idParamsSchema,
        response: {
          200: z.object({ message: z.string(), changeRequest: changeRequestSchema, company: ownerCompanySchema }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const pending = await changeRequests.findById(request.params.id);
      if (!pending) throw notFound('Change request not found');
      if (pending.status !== 'pending') throw conflict(`This change request was already ${pending.status}`);
      // The owner uploaded any image in it: checked as theirs, applied by the admin.
      await edits.assertImageUsable(pending.changes.imageUrl, { id: pending.userId, role: 'business' });
      const company = await edits.apply(pending.companyId, pending.changes, {}, request.user!);
      if (!company) throw notFound('The company of this change request no longer exists');
      const decided = await changeRequests.decide(pending._id, 'approved', request.user!.id);
      if (!decided) throw conflict('This change request was decided meanwhile');
      return { message: 'Change request approved', changeRequest: toChangeRequest(decided), company: toOwnerCompany(company) };
    },
  );

  r.post(
    '/api/admin/change-requests/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a change request: the company stays as it is',
        params: idParamsSchema,
        response: {
          200: z.object({ message: z.string(), changeRequest: changeRequestSchema }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const pending = await changeRequests.findById(request.params.id);
      if (!pending) throw notFound('Change request not found');
      const decided = await changeRequests.decide(pending._id, 'rejected', request.user!.id);
      if (!decided) throw conflict(`This change request was already ${pending.status}`);
      return { message: 'Change request rejected', changeRequest: toChangeRequest(decided) };
    },
  );
}
