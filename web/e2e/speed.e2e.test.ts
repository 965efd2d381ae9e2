import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIRST_SEARCH_QUERY, FIRST_SEARCH_SCRIPT_ID } from '@limo/contracts';
import { describeInBrowser, launchBrowser, startProduct, type Product } from './support';

// Chromium DevTools' "Fast 3G" preset: 562.5 ms round trip, 1.44 Mbps down, 675 kbps up.
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** Issue 10's aim for the first company list on a phone over Fast 3G. */
const AIM_MS = 2500;
/** The app must have taken over the served list by then (guard on a loaded machine: today ~3 s). */
const HYDRATED_GUARD_MS = 20_000;
/** Google's "good" cumulative layout shift: the served list does not jump when the app takes it over. */
const CLS_GUARD = 0.1;

let product: Product;
let browser: Browser;
let closeBrowser: () => Promise<void>;

/** The visible (first) card and whether React has adopted it (hydration sets its fiber on the node). */
declare global {
  interface Window {
    limoFirstCard?: Element;
  }
}

describeInBrowser('first company list on Fast 3G', () => {
  beforeAll(async () => {
    product = await startProduct();
    ({ browser, close: closeBrowser } = await launchBrowser());
    // A site in service is warm: its first search has been rendered once (the first render loads the
    // server build), as it is after the first visitor.
    for (let i = 0; i < 60; i++) {
      const html = await (await fetch(`${product.url}/`)).text();
      if (html.includes(`id="${FIRST_SEARCH_SCRIPT_ID}"`)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
  afterAll(async () => {
    await closeBrowser?.();
    await product?.close();
  });

  it(`shows the first search's companies within ${AIM_MS} ms, then the app takes them over in place`, async () => {
    const firstSearch = (await (await fetch(`${product.url}/api/companies?${FIRST_SEARCH_QUERY}`)).json()) as Array<{ name: string }>;
    const runs: Array<{ card: number; hydrated: number; cls: number }> = [];
    for (let run = 0; run < 2; run++) {
      const context = await browser.newContext({
        baseURL: product.url,
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      // A hydration mismatch is reported as a recoverable error (React's #418/#423/#425 in production).
      page.on('console', (m) => {
        if (m.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(m.text())) errors.push(m.text());
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      const started = Date.now();
      if (process.env.SPEED_TRACE)
        page.on(
          'requestfinished',
          (r) =>
            void r
              .sizes()
              .then((z) => console.log(`${Date.now() - started} ms ${r.url().replace(product.url, '')} ${z.responseBodySize} B`)),
        );
      await page.goto('/', { waitUntil: 'commit' });
      const firstCard = page.getByTestId('company-card').first();
      await firstCard.waitFor({ timeout: 30_000 });
      const navStart = await page.evaluate(() => performance.timeOrigin);
      const since = () => Math.round(Date.now() - Math.max(started, navStart));
      const card = since();
      // What is on screen is the real first search, not a placeholder.
      expect(await firstCard.getAttribute('aria-label')).toBe(firstSearch[0]?.name);
      // The visitor scrolls to the list at once: the app must not move it, nor scroll back, when it takes over.
      await page.evaluate(() => {
        window.limoFirstCard = document.querySelector('[data-testid="company-card"]') ?? undefined;
        window.limoFirstCard?.scrollIntoView({ block: 'start' });
      });
      // Hydrated: the very node that was served (not a re-rendered copy) now belongs to React.
      await page.waitForFunction(
        () => {
          const node = window.limoFirstCard;
          return Boolean(node?.isConnected && Object.keys(node).some((k) => k.startsWith('__reactFiber')));
        },
        undefined,
        { timeout: HYDRATED_GUARD_MS, polling: 50 },
      );
      const hydrated = since();
      await page.waitForTimeout(500);
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let sum = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
                if (!e.hadRecentInput) sum += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(sum), 100);
          }),
      );
      const stillInView = await page.evaluate(() => {
        const box = window.limoFirstCard?.getBoundingClientRect();
        return Boolean(box && box.bottom > 0 && box.top < window.innerHeight);
      });
      expect(stillInView, 'the first card left the screen when the app took over').toBe(true);
      runs.push({ card, hydrated, cls: Math.round(cls * 1000) / 1000 });
      expect(errors).toEqual([]);
      await context.close();
    }
    const best = Math.min(...runs.map((r) => r.card));
    console.log(
      `first company list on Fast 3G (cold cache, 375 px): ${runs.map((r) => `${r.card} ms (app in charge at ${r.hydrated} ms, CLS ${r.cls})`).join(', ')}; aim ${AIM_MS} ms`,
    );
    expect(best).toBeLessThanOrEqual(AIM_MS);
    for (const r of runs) expect(r.cls).toBeLessThan(CLS_GUARD);
  });
});
