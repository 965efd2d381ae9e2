import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema, errorResponses } from '@limo/contracts';
import type { Filter } from '@limo/platform';
import type { DirectoryDeps } from '../../../deps.js';
import { toAuditEntry } from '../../../repositories/audit-log.repository.js';

/** GET /api/admin/audit-log: every admin action on money, claims, listings and change requests, newest first. */
export async function auditLogRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin actions (every service), newest first; filter by target or action',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { page, limit, targetId, targetType, action } = request.query;
      const filter: Filter = {};
      if (targetId) filter.targetId = targetId;
      if (targetType) filter.targetType = targetType;
      if (action) filter.action = action;
      const result = await deps.auditLog.page(filter, page, limit);
      return { entries: result.entries.map(toAuditEntry), totalCount: result.totalCount };
    },
  );
}
