import { z } from 'zod';

/** Body of every 4xx/5xx answer: a human message, and per-field messages for a 400. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The error answers a route documents, each with the one error body:
 * `response: { 200: companySchema, ...errorResponses(400, 404) }`.
 */
export function errorResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<Status, typeof errorResponseSchema>;
}

export const messageResponseSchema = z.object({ message: z.string() });

/** A required string: absent, null or wrong type all answer with the same message. */
export const requiredString = (message: string) => z.string({ error: message });

/** A required, trimmed text field: absent, wrong type and blank say `missing`, too long says `tooLong`. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  requiredString(missing).trim().min(1, missing).max(max, tooLong);

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
