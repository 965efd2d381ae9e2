import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './lib/api';
import { readServedFirstSearch, seedFirstSearch } from './lib/firstSearch';
import { readServedPageData, seedPageData } from './lib/landing';
import { hydratingStyles } from './lib/servedStyles';
import { themeSystem } from './theme';

// The app in the browser, loaded by main.tsx once the served page is on screen.

/** Resolves in a task of its own: the browser may paint and answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  const queryClient = createQueryClient();
  // The gateway serves `/` already rendered with its first search (services/gateway/src/home-render.ts):
  // React takes over that markup in place, with the same results in its cache.
  const served = readServedFirstSearch(document);
  if (served) seedFirstSearch(queryClient, served);
  // Company, city and state pages (and the not-found screen) come rendered with the data they show.
  const servedPage = readServedPageData(document);
  if (servedPage) seedPageData(queryClient, servedPage);
  // Evaluating this code, making the theme (Chakra's tokens and CSS variables) and taking over the page
  // are three tasks rather than one: on a phone (CPU 4x) together they were one ~550 ms task that no
  // tap could interrupt.
  await nextTask();
  themeSystem();
  await nextTask();
  const hydrating = Boolean((served || servedPage) && root.firstElementChild);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} styles={hydrating ? hydratingStyles(document) : undefined} />
    </StrictMode>
  );
  // Hydrated as a transition, React adopts the markup in slices of a few milliseconds, yielding to the
  // browser in between (as Remix's entry does): no long task blocks a tap while the page is taken over.
  if (hydrating) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
