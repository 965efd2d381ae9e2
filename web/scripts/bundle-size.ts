// The JavaScript a first visit to a route downloads: the entry chunk and the app's chunk it loads (which holds the home page: src/App.tsx),
// the route's lazy chunk and every chunk they import statically, read from the build's manifest; raw,
// gzipped and brotli (quality 11, as the gateway serves it).
// usage: npm run size -w web [-- <route module> [brotli budget KB]]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The home route's ceiling in brotli KB, as served (issue 19 aims at 100; 187 before the home page moved
 * into the entry chunk, 163 after). React DOM alone is ~55 KB of it, Chakra's styled system ~45 KB.
 */
export const HOME_BUDGET_BROTLI_KB = 165;
/** Issue 19's aim for the home route, not met yet (see README, "Speed"). */
export const HOME_AIM_BROTLI_KB = 100;

export interface InitialChunk {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** The modules bundled in it, from its source map (empty when the build has none). */
  sources: string[];
}

/** Each chunk a first visit to `route` (a module of the manifest; none: the home page) loads, largest first. */
export function initialChunks(route?: string, dist = fileURLToPath(new URL('../dist/', import.meta.url))): InitialChunk[] {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  if (route && !manifest[route]) throw new Error(`no chunk for ${route} in the manifest`);
  visit(entry);
  // The entry (src/main.tsx) imports the app (src/start.tsx) after the first paint, and index.html preloads
  // it (web/vite.config.ts, preloadApp): part of the first download all the same.
  for (const app of manifest[entry].dynamicImports ?? []) visit(app);
  if (route) visit(route);
  return [...seen]
    .map((key) => {
      const path = dist + manifest[key].file;
      const data = readFileSync(path);
      let sources: string[] = [];
      try {
        sources = (JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] }).sources;
      } catch {
        // A build without source maps: sizes only.
      }
      return {
        file: manifest[key].file,
        rawBytes: data.length,
        gzipBytes: gzipSync(data, { level: 9 }).length,
        // What the gateway sends: the build's own .br file (web/vite.config.ts), else the same compression.
        brotliBytes: existsSync(`${path}.br`)
          ? statSync(`${path}.br`).size
          : brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
              .length,
        sources,
      };
    })
    .sort((a, b) => b.brotliBytes - a.brotliBytes);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const route = process.argv[2];
  const budget = Number(process.argv[3] ?? HOME_BUDGET_BROTLI_KB);
  const chunks = initialChunks(route);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
  for (const c of chunks) console.log(`${kb(c.rawBytes)} KB raw ${kb(c.gzipBytes)} KB gzip ${kb(c.brotliBytes)} KB brotli  ${c.file}`);
  const total = (key: 'rawBytes' | 'gzipBytes' | 'brotliBytes') => chunks.reduce((sum, c) => sum + c[key], 0) / 1024;
  console.log(
    `initial JS for ${route ?? 'the home page'}: ${chunks.length} chunks, ${total('rawBytes').toFixed(1)} KB raw, ${total('gzipBytes').toFixed(1)} KB gzipped, ${total('brotliBytes').toFixed(1)} KB brotli (budget ${budget} KB, aim ${HOME_AIM_BROTLI_KB} KB)`,
  );
  if (total('brotliBytes') > budget) process.exitCode = 1;
}
