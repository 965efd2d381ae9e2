// Prints the gzipped JavaScript a first visit to a route downloads: the entry chunk, the route's
// lazy chunk, and every chunk they import statically (read from the build's manifest).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const route = process.argv[2] ?? 'src/pages/HomePage.tsx';
const budgetKb = Number(process.argv[3] ?? 250);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entry);
visit(route);

let total = 0;
const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  const gz = gzipSync(readFileSync(dist + file)).length;
  total += gz;
  return [file, gz];
});
for (const [file, gz] of rows.sort((a, b) => b[1] - a[1])) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${file}`);
console.log(`initial JS for ${route}: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
if (total / 1024 > budgetKb) process.exitCode = 1;
