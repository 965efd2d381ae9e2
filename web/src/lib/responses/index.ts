import type { z } from 'zod';
import type { accountResponses } from './account';
import { visitorResponses } from './visitor';

// The answer schemas of the routes the web app calls, from the contracts, by name. Loaded with the
// first call (`import('../responses')`: zod stays out of the first download) with the public pages'
// schemas; the owner's and the admin's dozens are a chunk of their own, loaded with the first of theirs.

type Responses = typeof visitorResponses & typeof accountResponses;
export type ResponseName = keyof Responses;
export type Answer<N extends ResponseName> = z.output<Responses[N]>;
type Schemas = { [K in ResponseName]: z.ZodType<Answer<K>> };

/** The schema named `name`, its chunk loaded if need be. */
export async function schemaOf<N extends ResponseName>(name: N): Promise<Schemas[N]> {
  const visitor: Partial<Schemas> = visitorResponses;
  const schema = visitor[name];
  if (schema) return schema;
  const account: Partial<Schemas> = (await import('./account')).accountResponses;
  return account[name]!;
}

/** `json` read with `schema`: the parsed answer, or what did not match (at most three issues). */
export function check<T>(schema: z.ZodType<T>, json: unknown): { ok: true; data: T } | { ok: false; problem: string } {
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problem = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problem };
}
