import { cityPageResponseSchema, companyDetailSchema, companySchema, currentUserSchema, stateSummarySchema } from '@limo/contracts';
import { z } from 'zod';

/** The answers of the public pages' calls (the session, search, company, city and state pages), by name. */
export const visitorResponses = {
  currentUser: currentUserSchema,
  companies: z.array(companySchema),
  companyDetail: companyDetailSchema,
  stateSummary: stateSummarySchema,
  cityPage: cityPageResponseSchema,
};
