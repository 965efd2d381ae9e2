import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { FirstSearchPayload, PageData, RenderedApp } from '@limo/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders, AppRoutes } from './App';
import { createQueryClient } from './lib/api';
import { seedFirstSearch } from './lib/firstSearch';
import { seedPageData } from './lib/landing';
import { serverStyles, servedStyleTags } from './lib/servedStyles';

/** The app's markup at `location` with `queryClient`'s data, every text escaped by React, and its styles. */
async function renderAt(location: string, queryClient: QueryClient): Promise<RenderedApp> {
  const styles = serverStyles();
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProviders queryClient={queryClient} styles={styles}>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
      // One piece of HTML: a large boundary sent apart would need React's inline script to be revealed,
      // which the pages' Content-Security-Policy (rightly) refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const root = Buffer.concat(chunks).toString('utf8');
    return { head: servedStyleTags(styles, root), root };
  } finally {
    queryClient.clear();
  }
}

/**
 * The markup of the home page `/` with its first search's results, for the gateway to serve inside
 * `#root` (its styles in <head>): the browser hydrates it with the same payload (src/start.tsx), so the first list is on
 * screen before the scripts have arrived.
 */
export async function renderHomePage(firstSearch: FirstSearchPayload): Promise<RenderedApp> {
  const queryClient = createQueryClient();
  seedFirstSearch(queryClient, firstSearch);
  return renderAt('/', queryClient);
}

/**
 * The markup of a landing page (`/company/{id}`, `/limo-service/{state}[/{city}]`, or any path's
 * not-found screen) at `location` (path and query) with the data the gateway fetched for it; the
 * browser hydrates it with the same data (src/start.tsx), readable before (or without) the scripts.
 */
export async function renderPage(location: string, data: PageData): Promise<RenderedApp> {
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  return renderAt(location, queryClient);
}
