import { QueryClient } from '@tanstack/react-query';
import type { ErrorResponse } from '@limo/contracts';

/**
 * A failed call to the product's server. A non-OK answer (§8): the message is the status, ": ", then
 * the body text (or the status text when the body is empty); `serverMessage` and `fieldErrors` carry
 * the `{message, errors}` body. An OK answer whose body is not what the route's contract promises
 * (`ApiError.malformed`): the message names the call and what did not match.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    /** Set for an answer that broke its contract: what did not match. */
    readonly mismatch?: string,
  ) {
    super(mismatch ?? `${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** An OK answer of `call` ("GET /api/me") whose body does not match the route's schema. */
  static malformed(call: string, status: number, bodyText: string, problem: string): ApiError {
    return new ApiError(status, bodyText, '', `Unexpected answer from ${call}: ${problem}`);
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
    // A malformed OK answer is no error body: its fields are no server message.
    if (this.mismatch !== undefined) return undefined;
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

/** What a call sends besides its method and URL. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Outlives the page (the analytics beacon). */
  keepalive?: boolean;
}

/**
 * Sends a call to the product's own server with cookies (§7): a body is sent as JSON, a FormData
 * as multipart. A non-OK answer throws an ApiError.
 */
export async function apiRequest(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const form = body instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: body === undefined || form ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    credentials: 'include',
    ...options,
  });
  await throwIfNotOk(res);
  return res;
}

/** Query defaults of §9: no retry, no refetch on focus, no polling, stale immediately. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
