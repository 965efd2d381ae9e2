import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANGE_REQUEST_STALE_MESSAGE,
  changeRequestListQuerySchema,
  changeRequestSchema,
  errorResponses,
  idParamsSchema,
  ownerCompanySchema,
} from '@limo/contracts';
import { conflict, exclusively, notFound } from '@limo/platform';
import { toOwnerCompany } from '../../../domain/company-view.js';
import type { DirectoryDeps } from '../../../deps.js';
import { isStale, toChangeRequest, toQueuedChangeRequest } from '../../../domain/change-request.js';

/** `POST .../reject` may say why (mailed to the owner). */
const rejectBodySchema = z
  .object({ reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional() })
  .nullish();

/** How long a decision in progress holds its request (a crashed one's claim runs out). */
const DECISION_CLAIM_MS = 60_000;

/**
 * The queue of unverified owners' edits: list (with the listing's live values), approve (applies
 * them, unless a field changed on the listing since: 409), reject. Admins only; the owner is mailed
 * the decision and every decision is audited.
 */
export async function changeRequestRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { ctx, changeRequests, companies, edits, notices, audit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Approve applies the changes before it records the decision: a reject of the same request meanwhile
  // (another admin, another replica) would be recorded over changes already live. One decision at a time.
  const oneDecisionAtATime = <T>(id: string, decide: () => Promise<T>): Promise<T> =>
    exclusively(
      ctx.cache,
      `change-request-decision:${id}`,
      { ttlMs: DECISION_CLAIM_MS, conflictMessage: 'This change request is being decided by another admin right now' },
      decide,
    );

  r.get(
    '/api/admin/change-requests',
    {
      schema: {
        tags: ['admin'],
        summary: "Owners' change requests (pending by default), oldest first, with the listing's live values",
        querystring: changeRequestListQuerySchema,
        response: { 200: z.array(changeRequestSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { status } = request.query;
      const list = await changeRequests.list(status === 'all' ? {} : { status });
      const live = new Map((await companies.findByIds([...new Set(list.map((c) => c.companyId))])).map((c) => [c._id, c]));
      return list.map((doc) => toQueuedChangeRequest(doc, live.get(doc.companyId) ?? null));
    },
  );

  r.post(
    '/api/admin/change-requests/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a change request: its changes are applied to the company (409 if the listing changed since)',
        params: idParamsSchema,
        response: {
          200: z.object({ message: z.string(), changeRequest: changeRequestSchema, company: ownerCompanySchema }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) =>
      oneDecisionAtATime(request.params.id, async () => {
        const admin = request.user!;
        const pending = await changeRequests.findById(request.params.id);
        if (!pending) throw notFound('Change request not found');
        if (pending.status !== 'pending') throw conflict(`This change request was already ${pending.status}`);
        // The owner uploaded any image in it: checked as theirs, applied by the admin.
        await edits.assertImagesUsable(pending.changes, { id: pending.userId, role: 'business' });
        // Checked against the very copy the write applies to: a newer edit is never overwritten.
        const company = await edits.apply(pending.companyId, pending.changes, {}, admin, (current) => {
          if (isStale(pending, current)) throw conflict(CHANGE_REQUEST_STALE_MESSAGE);
        });
        if (!company) throw notFound('The company of this change request no longer exists');
        const decided = await changeRequests.decide(pending._id, 'approved', admin.id);
        if (!decided) throw conflict('This change request was decided meanwhile');
        await audit.recordBy(
          admin,
          'change-request.approved',
          { type: 'company', id: decided.companyId },
          { changeRequestId: decided._id, fields: Object.keys(decided.changes) },
        );
        await notices.changeRequestDecided(decided, 'approved', null);
        return { message: 'Change request approved', changeRequest: toChangeRequest(decided), company: toOwnerCompany(company) };
      }),
  );

  r.post(
    '/api/admin/change-requests/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a change request (optionally with a reason for the owner): the company stays as it is',
        params: idParamsSchema,
        body: rejectBodySchema,
        response: {
          200: z.object({ message: z.string(), changeRequest: changeRequestSchema }),
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request) =>
      oneDecisionAtATime(request.params.id, async () => {
        const admin = request.user!;
        const reason = request.body?.reason || null;
        const pending = await changeRequests.findById(request.params.id);
        if (!pending) throw notFound('Change request not found');
        const decided = await changeRequests.decide(pending._id, 'rejected', admin.id, reason);
        if (!decided) throw conflict(`This change request was already ${pending.status}`);
        await audit.recordBy(
          admin,
          'change-request.rejected',
          { type: 'company', id: decided.companyId },
          { changeRequestId: decided._id, reason },
        );
        await notices.changeRequestDecided(decided, 'rejected', reason);
        return { message: 'Change request rejected', changeRequest: toChangeRequest(decided) };
      }),
  );
}
