import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './lib/api';
import { reloadOnceForNewBuild } from './lib/chunks';
import { readServedFirstSearch, seedFirstSearch } from './lib/firstSearch';
import { readServedPageData, seedPageData } from './lib/landing';

// A chunk Vite preloads is gone after a deploy: reload once for the new build instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForNewBuild()) event.preventDefault();
});

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
// The gateway serves `/` already rendered with its first search (services/gateway/src/home-render.ts):
// React takes over that markup in place, with the same results in its cache.
const served = readServedFirstSearch(document);
if (served) seedFirstSearch(queryClient, served);
// Company, city and state pages (and the not-found screen) come rendered with the data they show.
const servedPage = readServedPageData(document);
if (servedPage) seedPageData(queryClient, servedPage);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// Hydrated as a transition, React adopts the markup in slices of a few milliseconds, yielding to the
// browser in between (as Remix's entry does): no long task blocks a tap while the page is taken over.
if ((served || servedPage) && root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
