// Free of React: the browser entry (main.tsx) uses it before the app's code is loaded.

/** Set in sessionStorage while a reload for a missing chunk is under way: at most one per tab. */
const RELOADED_KEY = 'limo:chunk-reload';

/** How the page reloads (replaced in tests: jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

/** Reloads the page to fetch the new build, once per tab session; false when that was tried already. */
export function reloadOnceForNewBuild(): boolean {
  if (typeof sessionStorage === 'undefined' || sessionStorage.getItem(RELOADED_KEY)) return false;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  pageReload.reload();
  return true;
}

/** A chunk loaded: the next deploy may reload the tab once again. Not on the server (no sessionStorage there). */
export function clearReloadGuard(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(RELOADED_KEY);
}
