import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { FirstSearchPayload } from '@limo/contracts';
import { AppProviders, AppRoutes } from './App';
import { createQueryClient } from './lib/api';
import { seedFirstSearch } from './lib/firstSearch';

/**
 * The markup of the home page `/` with its first search's results, for the gateway to serve inside
 * `#root`: the browser hydrates it with the same payload (src/main.tsx), so the first list is on
 * screen before the scripts have arrived. Every text is escaped by React.
 */
export async function renderHomePage(firstSearch: FirstSearchPayload): Promise<string> {
  const queryClient = createQueryClient();
  seedFirstSearch(queryClient, firstSearch);
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location="/">
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
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    queryClient.clear();
  }
}
