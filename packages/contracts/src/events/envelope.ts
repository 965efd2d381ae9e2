import { z } from 'zod';

/** Builds the zod schema of one versioned event: `{ id, type, occurredAt, key, data }`, `data` an object of the given fields. */
export function eventSchema<TType extends string, TFields extends z.ZodRawShape>(type: TType, fields: TFields) {
  return z.object({
    id: z.string().min(1),
    type: z.literal(type),
    occurredAt: z.string().datetime({ offset: true }),
    key: z.string().min(1),
    data: z.object(fields),
  });
}

/**
 * The schema of any one event (what `eventSchema` builds): consumers declare the ones they consume,
 * services the ones they produce. Its `type` literal is the event's topic.
 */
export type AnyEventSchema = z.ZodType<{ id: string; type: string; occurredAt: string; key: string; data: unknown }> & {
  readonly shape: { readonly type: z.ZodLiteral<string> };
};

/** The topic an event travels on: its type, e.g. `claim.approved.v1`. */
export const topicOf = (schema: AnyEventSchema): string => schema.shape.type.value;
