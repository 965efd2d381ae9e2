/**
 * `npm run lighthouse`: Lighthouse's mobile scores (default mobile emulation, simulated throttling)
 * of `/`, a company page and a city page of the running product, as a table (issue 19).
 *
 * Starts the product as the browser journeys do (web/e2e/support.ts `startProduct`): the embedded
 * profile with the demo directory, serving the built web app (web/dist: `npm run build -w web`
 * first; the packages built with `npx tsc -b`). No network is needed: the map's style is a
 * one-layer style this script serves on 127.0.0.1 (MAP_STYLE_URL), there is no Google key, and
 * Chromium (/usr/bin/chromium, infra/local/chromium.sh) resolves no host but the local one.
 *
 * Settings (env): LIGHTHOUSE_RUNS per page (default 1; the median score is shown),
 * LIGHTHOUSE_JSON=<dir> writes each report there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startThrowaway } from '@limo/embedded';

const CHROMIUM_PATH = '/usr/bin/chromium';
const WEB_DIST = fileURLToPath(new URL('../web/dist/', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** A MapLibre style with one background layer: nothing to fetch beyond itself. */
const STYLE = {
  version: 8,
  name: 'lighthouse',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dde8ee' } }],
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const styleServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(STYLE));
  });
  await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
  const styleUrl = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/style.json`;

  const system = await startThrowaway({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SEED_DEMO_DATA: 'true',
    WEB_DIST,
    MAP_STYLE_URL: styleUrl,
    GOOGLE_MAPS_API_KEY: '',
  });
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Offline: every host but this machine fails at once instead of waiting for a timeout.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  try {
    const companies = (await (await fetch(`${system.url}/api/companies?distance=25&page=1&limit=15`)).json()) as Array<{ id: string }>;
    if (!companies[0]) throw new Error('the demo directory has no company');
    const pages = ['/', `/company/${encodeURIComponent(companies[0].id)}`, '/limo-service/fl/miami'];
    // The first render of each page loads the server build: a site in service is warm.
    for (const path of pages) await (await fetch(system.url + path)).text();
    if (process.env.LIGHTHOUSE_JSON) await mkdir(process.env.LIGHTHOUSE_JSON, { recursive: true });

    const rows: Array<{ page: string; scores: number[] }> = [];
    for (const path of pages) {
      const runs: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(system.url + path, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        for (const c of CATEGORIES) (runs[c] ??= []).push(Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
        if (process.env.LIGHTHOUSE_JSON) {
          const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
          await writeFile(join(process.env.LIGHTHOUSE_JSON, `${name}-${run + 1}.json`), JSON.stringify(result.lhr, null, 1));
        }
        const failing = Object.values(result.lhr.audits).filter(
          (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
        );
        for (const a of failing) console.error(`  ${path}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`);
      }
      rows.push({ page: path.startsWith('/company/') ? '/company/{id}' : path, scores: CATEGORIES.map((c) => median(runs[c])) });
    }

    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling\n`);
    console.log(`| Page | ${CATEGORIES.map((c) => c.replace(/^./, (x) => x.toUpperCase())).join(' | ')} |`);
    console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|`);
    for (const r of rows) console.log(`| \`${r.page}\` | ${r.scores.join(' | ')} |`);
  } finally {
    await browser.close();
    await system.close();
    await new Promise((resolve) => styleServer.close(resolve));
  }
}

await main();
