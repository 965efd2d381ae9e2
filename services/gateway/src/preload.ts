import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SEARCH_QUERY } from '@limo/contracts';
import { escapeHtml } from '@limo/platform';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The home route's module in the web app's build manifest. */
const HOME_ROUTE_MODULE = 'src/pages/HomePage.tsx';

/**
 * The `<link>` tags that let a first visit to `/` fetch the home route's code and its first search
 * while the entry script downloads, instead of one after the other (a round trip each on a phone).
 * A build whose entry chunk holds the home page (web/src/App.tsx) needs the first search's only.
 * Empty when the build has no manifest.
 */
export function homePreloadTags(webDist: string): string[] {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[HOME_ROUTE_MODULE]) return [FIRST_SEARCH_PRELOAD_TAG];
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The entry's own imports are already in index.html.
  const loaded = new Set<string>();
  const mark = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) mark(dep, into);
  };
  if (entry) mark(entry, loaded);
  const home = new Set<string>();
  mark(HOME_ROUTE_MODULE, home);
  const modules = [...home]
    .filter((k) => !loaded.has(k))
    .map((k) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[k].file)}" />`);
  return [...modules, FIRST_SEARCH_PRELOAD_TAG];
}

/** The first search's preload; left out of a home page served with that search's answer in it. */
export const FIRST_SEARCH_PRELOAD_TAG = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/companies?${escapeHtml(FIRST_SEARCH_QUERY)}" />`;
