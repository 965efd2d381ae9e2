import type { z } from 'zod';
import type { accountResponses } from './account';
import type { placeResponses } from './place';
import type { visitorResponses } from './visitor';

// The answer schemas of the routes the web app calls, from the contracts, by name. This module holds
// none and no zod (it is in the app's first download): each group is a chunk of its own, loaded with
// the first call that needs one of its schemas. The place fields' (all a signed-out visitor's home
// page asks for), then the public pages', then the owner's and the admin's dozens.

type Responses = typeof placeResponses & typeof visitorResponses & typeof accountResponses;
export type ResponseName = keyof Responses;
export type Answer<N extends ResponseName> = z.output<Responses[N]>;
type Schemas = { [K in ResponseName]: z.ZodType<Answer<K>> };

// The names of the first two groups, each complete (the compiler refuses one missing or extra).
const PLACE: Record<keyof typeof placeResponses, true> = { mapsConfig: true, citySuggestions: true, citySuggestion: true };
const VISITOR: Record<keyof typeof visitorResponses, true> = {
  currentUser: true,
  companies: true,
  companyDetail: true,
  stateSummary: true,
  cityPage: true,
};

/** The schema named `name`, its group's chunk loaded if need be. */
export async function schemaOf<N extends ResponseName>(name: N): Promise<Schemas[N]> {
  const group: Partial<Schemas> = Object.hasOwn(PLACE, name)
    ? (await import('./place')).placeResponses
    : Object.hasOwn(VISITOR, name)
      ? (await import('./visitor')).visitorResponses
      : (await import('./account')).accountResponses;
  return group[name]!;
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
