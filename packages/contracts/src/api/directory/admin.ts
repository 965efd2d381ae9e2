import { z } from 'zod';
import { ownerCompanySchema } from './companies.js';
import { pageParam } from './fields.js';

// ---------------------------------------------------------------------------------------------
// Admin tools (owner-admin §7)
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/companies?search&page&limit` (limit 50 by default). */
export const adminCompanyListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  page: pageParam(100_000, 1, 'Page'),
  limit: pageParam(200, 50, 'Limit'),
});

/** One page of the admin company list with the total of every match. */
export const adminCompanyListResponseSchema = z.object({
  companies: z.array(ownerCompanySchema),
  totalCount: z.number().int(),
});
export type AdminCompanyList = z.infer<typeof adminCompanyListResponseSchema>;

/** `POST /api/admin/populate-database` answer. */
export const populateResponseSchema = z.object({
  companiesAdded: z.number().int(),
  citiesProcessed: z.number().int(),
  totalCompanies: z.number().int(),
});
export type PopulateResponse = z.infer<typeof populateResponseSchema>;

/** `fixed` companies lost a verified flag no claim or admin decision backed, out of `total` verified ones checked. */
export const auditVerificationResponseSchema = z.object({
  fixed: z.number().int(),
  total: z.number().int(),
});
export type AuditVerificationResponse = z.infer<typeof auditVerificationResponseSchema>;

/** `GET /api/admin/companies-by-state`: one state and its company count. */
export const stateCountSchema = z.object({ state: z.string(), count: z.number().int() });
export const stateCountsResponseSchema = z.array(stateCountSchema);
export type StateCount = z.infer<typeof stateCountSchema>;
