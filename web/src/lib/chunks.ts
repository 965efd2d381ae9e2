import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Set in sessionStorage while a reload for a missing chunk is under way: at most one per tab. */
const RELOADED_KEY = 'limo:chunk-reload';

/** How the page reloads (replaced in tests: jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

/**
 * Whether `error` is a script chunk that failed to load: after a deploy, an open tab asks for chunk
 * names the new build no longer has (Chrome, Firefox and Safari word it differently).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(message);
}

/** Reloads the page to fetch the new build, once per tab session; false when that was tried already. */
export function reloadOnceForNewBuild(): boolean {
  if (typeof sessionStorage === 'undefined' || sessionStorage.getItem(RELOADED_KEY)) return false;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  pageReload.reload();
  return true;
}

/**
 * `React.lazy` that survives a deploy: a chunk that fails to load reloads the page once (the new
 * index.html names the new chunks); if it fails again the error reaches the error boundary, which
 * says so instead of leaving a blank page. A chunk that loads clears the guard for the next deploy.
 */
export function lazyWithReload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (module) => {
        // Not on the server: the home page is rendered there too (entry-server), with no sessionStorage.
        if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(RELOADED_KEY);
        return module;
      },
      (error: unknown) => {
        // The reload replaces the page: until then, keep showing the spinner.
        if (isChunkLoadError(error) && reloadOnceForNewBuild()) return new Promise<never>(() => {});
        throw error;
      },
    ),
  );
}
