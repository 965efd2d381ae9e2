import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest, ApiError, messageOf, readJson } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { showToast } from '../../lib/toast';

/** Query parameters of an admin list; empty values are left out of the URL. */
export type Params = Record<string, string | number | undefined>;

/** `path?params`, without the empty ones. */
function withParams(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** GET a JSON answer; a non-OK answer throws `failure` (§8: "Failed to fetch ...") with the server's answer as its cause. */
async function getJson<T>(url: string, failure: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) {
    // The screen shows the spec's message; the server's answer stays on `cause` for the console.
    throw new Error(failure, { cause: new ApiError(res.status, await res.text(), res.statusText) });
  }
  return (await res.json()) as T;
}

/** Whether the signed-in user is an admin: every admin query waits for this (§2.9). */
function useIsAdmin(): boolean {
  return useCurrentUser().user?.role === 'admin';
}

/**
 * An admin data query keyed by `[path, params]`. It runs only for an admin; its error message is
 * `failure` (the spec's "Failed to fetch ..." texts).
 */
export function useAdminQuery<T>(path: string, failure: string, params?: Params) {
  const isAdmin = useIsAdmin();
  return useQuery<T>({
    queryKey: params ? [path, params] : [path],
    queryFn: ({ signal }) => getJson<T>(withParams(path, params), failure, signal),
    enabled: isAdmin,
  });
}

/** What a toast says after an admin action. */
export interface ActionToasts<TResult> {
  success: { title: string; description?: string } | ((result: TResult) => { title: string; description?: string });
  /** The error toast's title; its text is the server's message, else `fallback`. */
  error: { title: string; fallback: string };
}

/**
 * A state-changing admin call: `method url` with an optional body, then the §8 toast, then the
 * lists it affects are fetched again (§7: "Success of a mutation refreshes the lists it affects").
 */
export function useAdminAction<TVars, TResult = unknown>(
  request: (vars: TVars) => { method: string; url: string; body?: unknown },
  toasts: ActionToasts<TResult>,
  affects: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: TVars) => {
      const { method, url, body } = request(vars);
      return (await readJson<TResult>(await apiRequest(method, url, body))) as TResult;
    },
    onSuccess: async (result) => {
      const toast = typeof toasts.success === 'function' ? toasts.success(result) : toasts.success;
      showToast({ type: 'success', ...toast });
      await Promise.all(affects.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => showToast({ title: toasts.error.title, description: messageOf(error, toasts.error.fallback), type: 'error' }),
  });
}

/** `1234.5` as "$1,234.50". */
export const dollars = (amount: number): string => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** An ISO date as "Mar 2, 2025", or "—". */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** An ISO date-time as "Mar 2, 2025, 10:04 AM", or "—". */
export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The file name a Content-Disposition header gives (RFC 6266 `filename*` first), or undefined. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding falls back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}

/** §7's dated default when the server names no file: companies-export-yyyy-MM-dd.xlsx. */
export const defaultExportName = (now: Date = new Date()): string => `companies-export-${now.toISOString().slice(0, 10)}.xlsx`;

/** Downloads GET /api/admin/export-companies under the name the server gives; returns that name. */
export async function downloadCompaniesExport(): Promise<string> {
  const res = await fetch('/api/admin/export-companies', { credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? defaultExportName();
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL can go on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

export { useDebounced } from '../../lib/useDebounced';
