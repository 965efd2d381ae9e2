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
 * Settings (env): WEB_DIST (another build to measure), LIGHTHOUSE_RUNS per page (default 1; the median score is shown),
 * LIGHTHOUSE_JSON=<dir> writes each report there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './free-port.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, median, pageLabel, startMeasuredProduct } from './measured-product.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

async function main(): Promise<void> {
  const product = await startMeasuredProduct();
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
  });
  try {
    const { pages } = product;
    if (process.env.LIGHTHOUSE_JSON) await mkdir(process.env.LIGHTHOUSE_JSON, { recursive: true });

    const rows: Array<{ page: string; scores: number[] }> = [];
    for (const path of pages) {
      const runs: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(product.url + path, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
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
      rows.push({ page: pageLabel(path), scores: CATEGORIES.map((c) => median(runs[c])) });
    }

    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling\n`);
    console.log(`| Page | ${CATEGORIES.map((c) => c.replace(/^./, (x) => x.toUpperCase())).join(' | ')} |`);
    console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|`);
    for (const r of rows) console.log(`| \`${r.page}\` | ${r.scores.join(' | ')} |`);
  } finally {
    await browser.close();
    await product.close();
  }
}

await main();
