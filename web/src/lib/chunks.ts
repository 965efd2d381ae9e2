import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { clearReloadGuard, reloadOnceForNewBuild } from './reload';

/**
 * Whether `error` is a script chunk that failed to load: after a deploy, an open tab asks for chunk
 * names the new build no longer has (Chrome, Firefox and Safari word it differently).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(message);
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
        clearReloadGuard();
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
