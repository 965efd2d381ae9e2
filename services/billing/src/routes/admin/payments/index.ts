import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPaymentListQuerySchema,
  adminPaymentListResponseSchema,
  adminRefundBodySchema,
  adminRefundResponseSchema,
  idParamsSchema,
} from '@limo/contracts';
import type { BillingDeps } from '../../../deps.js';
import { adminSchema } from '../schema.js';

/** GET /api/admin/payments (the ledger) and POST /api/admin/payments/{id}/refund (admin; guarded by the admin scope). */
export async function adminPaymentsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/payments',
    {
      schema: adminSchema(
        'Every payment, newest first, 50 a page (?page=, total in X-Total-Count): amount, status, payer, company, claim or listing, refund (?status=, ?q= payer e-mail or company)',
        adminPaymentListResponseSchema,
        { querystring: adminPaymentListQuerySchema },
      ),
    },
    async (request, reply) => {
      const { rows, total } = await deps.adminPayments.ledger(request.query);
      return reply.header('x-total-count', total).send(rows);
    },
  );

  r.post(
    '/api/admin/payments/:id/refund',
    {
      schema: adminSchema('Refund a succeeded payment in full (once); its subscription ends at once', adminRefundResponseSchema, {
        params: idParamsSchema,
        body: adminRefundBodySchema,
      }),
    },
    async (request) => {
      const payment = await deps.adminPayments.refund(request.params.id, request.user!, request.body?.reason || null);
      await deps.audit.recordBy(
        request.user!,
        'payment.refunded',
        { type: 'payment', id: payment.id },
        { amount: payment.amount, companyId: payment.companyId, reason: request.body?.reason || null },
      );
      return { message: 'Payment refunded; the subscription has ended.', payment };
    },
  );
}
