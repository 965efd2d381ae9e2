import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsDaysQuerySchema, companyAnalyticsSchema, errorResponses, idParamsSchema } from '@limo/contracts';
import { HttpError } from '@limo/platform';
import { dailySeries, totalsOf } from '../../../domain/company-analytics.js';
import { dayWindow } from '@limo/analytics-store';
import type { RouteDeps } from '../../deps.js';

/**
 * GET /api/my-companies/{id}/analytics?days=7|30|90|365: the owner's listing analytics (replaces the
 * dashboard's "N/A (coming soon)"). Only the company's owner: anyone else gets 403, whatever the role.
 */
export async function myCompanyAnalyticsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { store, companies } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/my-companies/:id/analytics',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "The owner's listing: profile views, search appearances, quote requests, calls, website clicks, daily series and response time",
        params: idParamsSchema,
        querystring: analyticsDaysQuerySchema,
        response: { 200: companyAnalyticsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const company = await companies.find(id);
      if (!company || !company.active || company.userId === null || company.userId !== request.user?.id) {
        throw new HttpError(403, 'You can only see the analytics of your own company');
      }
      const { days } = request.query;
      const window = dayWindow(days);
      const rows = await store.companyDays(id, window.previousFrom, window.to);
      return {
        companyId: id,
        days,
        totals: totalsOf(rows, window.from, window.to),
        previousPeriod: totalsOf(rows, window.previousFrom, window.previousTo),
        daily: dailySeries(rows, window.from, window.to),
        responseTime: company.responseTime,
      };
    },
  );
}
