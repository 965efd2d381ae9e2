import { ApiError, apiRequest, type RequestOptions } from '../api';
import { check, schemaOf, type Answer, type ResponseName } from '../responses';

// The typed client of the product's server: one function per route the web app calls, each answer
// parsed with its route's schema from the contracts. A failed call, or an answer that breaks its
// contract, is an ApiError. The schemas (and zod) load with the first call that needs them, not with
// the page (see ../responses).

/** `res`'s body read with the schema `name`; a body that does not match is an ApiError naming `call`. */
export async function read<N extends ResponseName>(res: Response, name: N, call: string, schema = schemaOf(name)): Promise<Answer<N>> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw ApiError.malformed(call, res.status, text, 'the body is not JSON');
  }
  const checked = check(await schema, json);
  if (!checked.ok) throw ApiError.malformed(call, res.status, text, checked.problem);
  return checked.data;
}

/** `method url` (with `body`), its answer parsed as `name`. */
export async function send<N extends ResponseName>(
  method: string,
  url: string,
  name: N,
  body?: unknown,
  options?: RequestOptions,
): Promise<Answer<N>> {
  // The schema starts loading with the call, so the answer does not wait for it.
  const schema = schemaOf(name);
  schema.catch(() => undefined);
  return read(await apiRequest(method, url, body, options), name, `${method} ${url}`, schema);
}

/** `method url` (with `body`) whose answer the screen does not read: its status; the body is read to its end. */
export async function perform(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<number> {
  const res = await apiRequest(method, url, body, options);
  await res.text();
  return res.status;
}

/** GET `url` parsed as `name`, or null when the server answers `nullStatus` (401 signed out, 404 no such thing). */
export async function getOrNull<N extends ResponseName>(
  url: string,
  name: N,
  nullStatus: number,
  signal?: AbortSignal,
): Promise<Answer<N> | null> {
  try {
    return await send('GET', url, name, undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === nullStatus && error.mismatch === undefined) return null;
    throw error;
  }
}

/** §7's default data query: GET `url` parsed as `name`, null on a 401 (signed out). */
export const getData = <N extends ResponseName>(url: string, name: N, signal?: AbortSignal) => getOrNull(url, name, 401, signal);

export const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');
