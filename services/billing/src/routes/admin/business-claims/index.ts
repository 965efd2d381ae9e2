import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveClaimBodySchema,
  businessClaimListQuerySchema,
  businessClaimListResponseSchema,
  claimDecisionResponseSchema,
  idParamsSchema,
  rejectClaimBodySchema,
} from '@limo/contracts';
import type { BillingDeps } from '../../../deps.js';
import { toBusinessClaim } from '../../../repositories/claims.repository.js';
import { adminSchema } from '../schema.js';

/** GET /api/admin/business-claims, POST …/{id}/approve and …/{id}/reject (admin; guarded by the admin plugin). */
export async function businessClaimsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/business-claims',
    {
      schema: adminSchema('Business claims, pending first then newest first', businessClaimListResponseSchema, {
        querystring: businessClaimListQuerySchema,
      }),
    },
    async (request) => (await deps.claims.list(request.query.status)).map(toBusinessClaim),
  );

  r.post(
    '/api/admin/business-claims/:id/approve',
    {
      schema: adminSchema(
        'Approve a pending claim: the claimer owns the listing (one approved claim per company)',
        claimDecisionResponseSchema,
        {
          params: idParamsSchema,
          body: approveClaimBodySchema,
        },
      ),
    },
    async (request) => {
      const claim = await deps.ops.approveClaim(request.params.id, request.user!, request.body ?? {});
      await deps.audit.recordBy(request.user!, 'claim.approved', { type: 'claim', id: claim._id }, { companyId: claim.companyId });
      return { message: 'Business claim approved successfully!', claim: toBusinessClaim(claim) };
    },
  );

  r.post(
    '/api/admin/business-claims/:id/reject',
    {
      schema: adminSchema('Reject a pending claim: the payment is refunded and the claimer is mailed', claimDecisionResponseSchema, {
        params: idParamsSchema,
        body: rejectClaimBodySchema,
      }),
    },
    async (request) => {
      const claim = await deps.ops.rejectClaim(request.params.id, request.user!, request.body ?? {});
      await deps.audit.recordBy(
        request.user!,
        'claim.rejected',
        { type: 'claim', id: claim._id },
        { companyId: claim.companyId, reason: request.body?.reason ?? request.body?.adminNotes ?? null },
      );
      return { message: 'Business claim rejected successfully! The payment is being refunded.', claim: toBusinessClaim(claim) };
    },
  );
}
