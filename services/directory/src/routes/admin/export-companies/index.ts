import type { FastifyInstance } from 'fastify';
import { companiesWorkbook, exportFileName } from '../../../domain/export.js';
import type { DirectoryDeps } from '../../../deps.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/admin/export-companies: every company as an .xlsx file. Admins only. */
export async function exportCompaniesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.get(
    '/api/admin/export-companies',
    {
      schema: { tags: ['admin'], summary: 'Every company as a spreadsheet (.xlsx), formula-like cells escaped' },
    },
    async (_request, reply) => {
      const companies = await deps.companies.find({}, { sort: { state: 1, city: 1, name: 1 } });
      const file = await companiesWorkbook(companies);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
