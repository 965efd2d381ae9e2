import { z } from 'zod';

/** Builds the zod schema of one versioned event: `{ id, type, occurredAt, key, data }`. */
export function eventSchema<TType extends string, TData extends z.ZodType>(type: TType, data: TData) {
  return z.object({
    id: z.string().min(1),
    type: z.literal(type),
    occurredAt: z.string().datetime({ offset: true }),
    key: z.string().min(1),
    data,
  });
}
