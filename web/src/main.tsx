import { reloadOnceForNewBuild } from './lib/reload';

// A chunk Vite preloads is gone after a deploy: reload once for the new build instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForNewBuild()) event.preventDefault();
});

/** Resolves once the browser has painted the page as served (at once in a hidden tab, which paints nothing). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// The app's code (start.tsx and what it imports: ~0.3 s of a phone's CPU to evaluate) runs after the
// browser has shown the page the server rendered, not before: the browser downloads it meanwhile
// (index.html preloads it: web/vite.config.ts, `preloadApp`). This entry is ~1 KB brotli.
void afterFirstPaint().then(() => import('./start'));
