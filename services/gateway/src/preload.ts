import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SEARCH_QUERY, type PageData } from '@limo/contracts';
import { escapeHtml } from '@limo/platform';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The home route's module in the web app's build manifest. */
const HOME_ROUTE_MODULE = 'src/pages/HomePage.tsx';

/** The screen (a module of the web app's src/pages/) each kind of server-rendered page hydrates. */
const PAGE_MODULES: Record<Exclude<PageData['kind'], 'none'>, string> = {
  company: 'src/pages/CompanyPage.tsx',
  city: 'src/pages/CityPage.tsx',
  state: 'src/pages/StatePage.tsx',
};

/** A file the build writes under `.vite/`, parsed (undefined: a build without it). */
function readBuildFile(webDist: string, file: string): unknown {
  const path = join(webDist, '.vite', file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/**
 * `<link rel="modulepreload">` tags for the chunk under manifest key `key` and every chunk it imports,
 * but those index.html loads already (the entry script and the app's chunk it preloads).
 */
function chunkPreloadTags(manifest: Manifest, key: string): string[] {
  const mark = (at: string, into: Set<string>) => {
    if (into.has(at) || !manifest[at]) return;
    into.add(at);
    for (const dep of manifest[at].imports ?? []) mark(dep, into);
  };
  const loaded = new Set<string>();
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (entry) mark(entry, loaded);
  // The app's chunk, which the entry imports after the first paint: index.html preloads it already.
  for (const app of entry ? (manifest[entry].dynamicImports ?? []) : []) mark(app, loaded);
  const route = new Set<string>();
  mark(key, route);
  return [...route]
    .filter((k) => !loaded.has(k))
    .map((k) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(manifest[k].file)}" />`);
}

/**
 * The `<link>` tags that let a first visit to `/` fetch the home route's code and its first search
 * while the entry script downloads, instead of one after the other (a round trip each on a phone).
 * A build whose entry chunk holds the home page (web/src/App.tsx) needs the first search's only.
 * Empty when the build has no manifest.
 */
export function homePreloadTags(webDist: string): string[] {
  const manifest = readBuildFile(webDist, 'manifest.json') as Manifest | undefined;
  if (!manifest) return [];
  if (!manifest[HOME_ROUTE_MODULE]) return [FIRST_SEARCH_PRELOAD_TAG];
  return [...chunkPreloadTags(manifest, HOME_ROUTE_MODULE), FIRST_SEARCH_PRELOAD_TAG];
}

/**
 * For each kind of page the gateway renders on the server, the tags that preload the code of its
 * screen: the app hydrates a company or city page only once that lazy chunk is in, which it would
 * otherwise ask for only after the entry script has run (on Fast 3G, 0.6 s of latency and more). The
 * chunk of a page is read from the build's route-chunks.json (web/vite.config.ts `routeChunks`); a
 * kind it does not name gets no tags. Empty when the build has neither file.
 */
export function pagePreloadTags(webDist: string): Partial<Record<PageData['kind'], string[]>> {
  const manifest = readBuildFile(webDist, 'manifest.json') as Manifest | undefined;
  const chunks = readBuildFile(webDist, 'route-chunks.json') as Record<string, string> | undefined;
  if (!manifest || !chunks) return {};
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const tags: Partial<Record<PageData['kind'], string[]>> = {};
  for (const [kind, module] of Object.entries(PAGE_MODULES) as Array<[keyof typeof PAGE_MODULES, string]>) {
    const key = keyOfFile.get(chunks[module] ?? '');
    if (key) tags[kind] = chunkPreloadTags(manifest, key);
  }
  return tags;
}

/** The first search's preload; left out of a home page served with that search's answer in it. */
export const FIRST_SEARCH_PRELOAD_TAG = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/companies?${escapeHtml(FIRST_SEARCH_QUERY)}" />`;
