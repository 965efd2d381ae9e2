import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './lib/api';
import { readServedFirstSearch, seedFirstSearch } from './lib/firstSearch';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
// The gateway serves `/` already rendered with its first search (services/gateway/src/home-render.ts):
// React takes over that markup in place, with the same results in its cache.
const served = readServedFirstSearch(document);
if (served) seedFirstSearch(queryClient, served);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (served && root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
