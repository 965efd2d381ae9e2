import { z } from 'zod';

/** Body of every 4xx/5xx answer: a human message, and per-field messages for a 400. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** A required string: absent, null or wrong type all answer with the same message. */
export const requiredString = (message: string) => z.string({ error: message });

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
