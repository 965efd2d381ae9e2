import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { messageOf } from '../../lib/api';
import { adminGet, companiesExport, type AdminPath } from '../../lib/client/admin';
import { queryKeys } from '../../lib/queryKeys';
import { useCurrentUser } from '../../lib/session';
import { showToast } from '../../lib/toast';

/** Query parameters of an admin list; empty values are left out of the URL. */
export type Params = Record<string, string | number | undefined>;

/** The query string of `params`, without the empty ones. */
function queryOf(params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  return query.toString();
}

/** Whether the signed-in user is an admin: every admin query waits for this (§2.9). */
function useIsAdmin(): boolean {
  return useCurrentUser().user?.role === 'admin';
}

/**
 * An admin data query keyed by `[path, params]`. It runs only for an admin; its error message is
 * `failure` (the spec's "Failed to fetch ..." texts).
 */
export function useAdminQuery<P extends AdminPath>(path: P, failure: string, params?: Params) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: queryKeys.admin(path, params),
    queryFn: async ({ signal }) => {
      try {
        return await adminGet(path, queryOf(params), signal);
      } catch (error) {
        // The screen shows the spec's message ("Failed to fetch ..."); the ApiError stays on `cause` for the console.
        throw new Error(failure, { cause: error });
      }
    },
    enabled: isAdmin,
  });
}

/** What a change to a company refreshes: the admin list of companies and the public pages' companies. */
export const COMPANY_LISTS: QueryKey[] = [queryKeys.admin('/api/admin/companies'), queryKeys.companies.all()];

/** What a toast says after an admin action. */
export interface ActionToasts<TResult> {
  success: { title: string; description?: string } | ((result: TResult) => { title: string; description?: string });
  /** The error toast's title; its text is the server's message, else `fallback`. */
  error: { title: string; fallback: string };
}

/** The toasts of an action that says `success` when done and, on failure, `failure` with the server's message or "Please try again". */
export function tryAgainToasts(success: string, failure: string, description?: string): ActionToasts<unknown> {
  return {
    success: description === undefined ? { title: success } : { title: success, description },
    error: { title: failure, fallback: 'Please try again' },
  };
}

/**
 * A state-changing admin call (a function of the typed client), then the §8 toast, then the
 * lists it affects are fetched again (§7: "Success of a mutation refreshes the lists it affects").
 */
export function useAdminAction<TVars, TResult>(
  call: (vars: TVars) => Promise<TResult>,
  toasts: ActionToasts<TResult>,
  affects: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
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
  const { file, disposition } = await companiesExport();
  const name = fileNameFromDisposition(disposition) ?? defaultExportName();
  const url = URL.createObjectURL(file);
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
