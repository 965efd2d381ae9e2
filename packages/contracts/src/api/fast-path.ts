import type { z } from 'zod';

/**
 * A hand-written check for the common shape of a hot route's body: the schema's own output when the
 * input is plainly valid, or `undefined` for anything else (then the zod schema runs, so what is
 * refused and its messages are the schema's). It must never accept what the schema refuses nor
 * answer differently: a property test per fast path proves it.
 */
export type FastPath<T extends z.ZodType> = (value: unknown) => z.output<T> | undefined;

const fastPaths = new WeakMap<z.ZodType, (value: unknown) => unknown>();

/** Registers `fast` as the fast path of `schema` (see {@link FastPath}); returns the schema. */
export function withFastPath<T extends z.ZodType>(schema: T, fast: FastPath<T>): T {
  fastPaths.set(schema, fast);
  return schema;
}

/** The fast path registered for `schema`, if any (the services' validator tries it before zod). */
export function fastPathOf(schema: unknown): ((value: unknown) => unknown) | undefined {
  return typeof schema === 'object' && schema !== null ? fastPaths.get(schema as z.ZodType) : undefined;
}
