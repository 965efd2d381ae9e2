import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditVerificationResponseSchema } from '@limo/contracts';
import type { DirectoryDeps } from '../../../deps.js';
import type { CompanyDoc } from '../../../domain/company.js';

/** A verified flag is backed by an approved claim or an admin's decision. */
const backed = (c: CompanyDoc): boolean => c.verification !== null || c.claimId !== null;

/** POST /api/admin/audit-verification: verified companies whose flag nothing backs lose it. */
export async function auditVerificationRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/audit-verification',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove verified from companies without an approved claim or an admin decision; returns {fixed, total}',
        response: { 200: auditVerificationResponseSchema },
      },
    },
    async (request) => {
      const verified = await deps.companies.find({ verified: true });
      let fixed = 0;
      for (const company of verified) {
        if (backed(company)) continue;
        const updated = await deps.companies.update(company._id, (current) =>
          current.verified && !backed(current) ? { verified: false } : null,
        );
        if (updated && !updated.verified) fixed++;
      }
      request.log.info({ fixed, total: verified.length }, 'audit-verification');
      return { fixed, total: verified.length };
    },
  );
}
