import { randomUUID } from 'node:crypto';

/** A new event envelope of `type` for aggregate `key`. */
export function newEvent<TType extends string, TData>(type: TType, key: string, data: TData, at: Date | string = new Date()) {
  return { id: randomUUID(), type, occurredAt: typeof at === 'string' ? at : at.toISOString(), key, data };
}
