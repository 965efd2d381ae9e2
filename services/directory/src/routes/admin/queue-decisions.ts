import type { z } from 'zod';
import { companyIdParamsSchema, errorResponses, listingRejectBodySchema } from '@limo/contracts';

/** The schema of an admin approving a company waiting in a queue (404 unknown, 409 not waiting), answering `decided`. */
export const approveSchema = <T extends z.ZodType>(summary: string, decided: T) => ({
  tags: ['admin'],
  summary,
  params: companyIdParamsSchema,
  response: { 200: decided, ...errorResponses(404, 409) },
});

/** The schema of an admin rejecting a company waiting in a queue, with a reason (400 without one). */
export const rejectSchema = <T extends z.ZodType>(summary: string, decided: T) => ({
  tags: ['admin'],
  summary,
  params: companyIdParamsSchema,
  body: listingRejectBodySchema,
  response: { 200: decided, ...errorResponses(400, 404, 409) },
});
