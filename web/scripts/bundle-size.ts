// The compressed JavaScript (gzip, and brotli as the gateway serves it) a first visit to a route downloads: the entry chunk, the route's lazy
// chunk, and every chunk they import statically, read from the build's manifest.
// usage: npm run size -w web [-- <route module> [budget KB]]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The home route's budget: 220 KB of gzipped JavaScript before the first paint (issue 5 set 250; issue 19 trimmed the theme to 216). */
export const HOME_BUDGET_KB = 220;

/** Each chunk a first visit to `route` loads, with its gzipped and brotli (quality 11, as built) sizes, largest first. */
export function initialChunks(route = 'src/pages/HomePage.tsx', dist = fileURLToPath(new URL('../dist/', import.meta.url))) {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry || !manifest[route]) throw new Error(`no entry or no chunk for ${route} in the manifest`);
  visit(entry);
  visit(route);
  return [...seen]
    .map((key) => {
      const data = readFileSync(dist + manifest[key].file);
      const brotliBytes = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return { file: manifest[key].file, gzipBytes: gzipSync(data).length, brotliBytes };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const route = process.argv[2] ?? 'src/pages/HomePage.tsx';
  const budget = Number(process.argv[3] ?? HOME_BUDGET_KB);
  const chunks = initialChunks(route);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
  for (const c of chunks) console.log(`${kb(c.gzipBytes)} KB gzip ${kb(c.brotliBytes)} KB brotli  ${c.file}`);
  const totalKb = chunks.reduce((sum, c) => sum + c.gzipBytes, 0) / 1024;
  const brotliKb = chunks.reduce((sum, c) => sum + c.brotliBytes, 0) / 1024;
  console.log(`initial JS for ${route}: ${totalKb.toFixed(1)} KB gzipped (budget ${budget} KB), ${brotliKb.toFixed(1)} KB brotli`);
  if (totalKb > budget) process.exitCode = 1;
}
