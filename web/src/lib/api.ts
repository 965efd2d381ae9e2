import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { ErrorResponse } from '@limo/contracts';

/**
 * A non-OK answer (§8): the message is the status, ": ", then the body text (or the status text
 * when the body is empty). `serverMessage` and `fieldErrors` carry the `{message, errors}` body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The body parsed as JSON, or undefined when it is not JSON (for a caller's own schema of an answer). */
  get bodyJson(): unknown {
    try {
      return JSON.parse(this.bodyText) as unknown;
    } catch {
      return undefined;
    }
  }

  private get body(): Partial<ErrorResponse> | undefined {
    const parsed = this.bodyJson;
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  }

  /** The server's human message, when it sent one. */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    return typeof message === 'string' && message ? message : undefined;
  }

  /** Per-field messages of a 400, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.body?.errors ?? []) if (e && typeof e.field === 'string' && !(e.field in out)) out[e.field] = e.message;
    return out;
  }
}

/** The server's message of any error thrown by a call, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
}

/** Sends a call to the product's own server with cookies, JSON in and out (§7). */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** Parses a JSON answer, or undefined for an empty body. */
export async function readJson<T>(res: Response): Promise<T | undefined> {
  const text = await res.text();
  return text ? (JSON.parse(text) as T) : undefined;
}

/** The default data query (§7): key segments joined with "/" form the URL; a 401 gives null. */
const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const res = await fetch(queryKey.join('/'), { credentials: 'include' });
  if (res.status === 401) return null;
  await throwIfNotOk(res);
  return res.json();
};

/** Query defaults of §9: no retry, no refetch on focus, no polling, stale immediately. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
