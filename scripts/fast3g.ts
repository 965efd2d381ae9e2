/**
 * `npm run fast3g`: issue 19's speed aims measured in Chromium on emulated Fast 3G (1.6 Mbps down,
 * 750 kbps up, 562.5 ms round trip), CPU slowed 4×, cold cache, a 375 px phone, on `/`, a company page
 * and a city page (the product started as `npm run lighthouse` does: scripts/measured-product.ts).
 *
 * Per run: "first content" is when the page's own content is on screen (the first company card on `/`
 * and city pages, the company's name on its page), "interactive" when React has taken that very node
 * over (hydration puts its fiber on the served node: clicks and typing work from then on). Prints one
 * row per run and the medians, with the load average (the machine is shared: a busy one is slower).
 *
 * Settings (env): WEB_DIST (another build to measure), FAST3G_RUNS per page (default 3).
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, median, pageLabel, startMeasuredProduct } from './measured-product.js';

const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1000 * 1000) / 8, uploadThroughput: (750 * 1000) / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = Math.max(1, Number(process.env.FAST3G_RUNS ?? 3));
/** Issue 19's aims: first content ≤ 2.5 s on every landing page, interactive ≤ 3.5 s on `/`. */
const FIRST_CONTENT_AIM_MS = 2500;
const INTERACTIVE_AIM_MS = 3500;

/** Hydrated: the served node (not a re-rendered copy) now carries React's fiber. Run in the page (no DOM types here). */
const ADOPTED = `(() => {
  const node = window.limoMeasured;
  return Boolean(node && node.isConnected && Object.keys(node).some((k) => k.startsWith('__reactFiber')));
})()`;

/** What the visitor came for on each page. */
const contentSelector = (path: string) => (path.startsWith('/company/') ? 'main h1' : '[data-testid="company-card"]');

async function main(): Promise<void> {
  const product = await startMeasuredProduct();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const rows: Array<{ page: string; content: number[]; interactive: number[] }> = [];
  try {
    for (const path of product.pages) {
      const row = { page: pageLabel(path), content: [] as number[], interactive: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', FAST_3G);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const started = Date.now();
        await page.goto(product.url + path, { waitUntil: 'commit' });
        const selector = contentSelector(path);
        await page.locator(selector).first().waitFor({ timeout: 60_000 });
        const since = async () => Math.round(Date.now() - Math.max(started, await page.evaluate(() => performance.timeOrigin)));
        row.content.push(await since());
        await page.evaluate(`window.limoMeasured = document.querySelector(${JSON.stringify(selector)})`);
        await page.waitForFunction(ADOPTED, undefined, { timeout: 60_000, polling: 50 });
        row.interactive.push(await since());
        await context.close();
      }
      rows.push(row);
      console.error(`${row.page}: first content ${row.content.join(', ')} ms; interactive ${row.interactive.join(', ')} ms`);
    }
  } finally {
    await browser.close();
    await product.close();
  }
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `\nFast 3G (1.6 Mbps, 562.5 ms RTT), CPU ${CPU_SLOWDOWN}×, cold cache, 375 px; ${RUNS} runs per page; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| Page | First content (s), runs | median | Interactive (s), runs | median |');
  console.log('|---|---|---:|---|---:|');
  for (const r of rows)
    console.log(
      `| \`${r.page}\` | ${r.content.map(s).join(', ')} | ${s(median(r.content))} | ${r.interactive.map(s).join(', ')} | ${s(median(r.interactive))} |`,
    );
  const missed = rows.flatMap((r) => [
    ...(median(r.content) > FIRST_CONTENT_AIM_MS
      ? [`${r.page} first content ${s(median(r.content))} s > ${s(FIRST_CONTENT_AIM_MS)} s`]
      : []),
    ...(r.page === '/' && median(r.interactive) > INTERACTIVE_AIM_MS
      ? [`/ interactive ${s(median(r.interactive))} s > ${s(INTERACTIVE_AIM_MS)} s`]
      : []),
  ]);
  console.log(missed.length ? `\nNot met: ${missed.join('; ')}` : '\nAll aims met.');
}

await main();
