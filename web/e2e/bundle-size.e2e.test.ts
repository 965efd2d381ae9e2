import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_BUDGET_BROTLI_KB, initialChunks } from '../scripts/bundle-size';

const manifest = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));

describe('bundle weight of the built web app', () => {
  it(`loads at most ${HOME_BUDGET_BROTLI_KB} KB of brotli-compressed JavaScript for the home route`, () => {
    expect(existsSync(manifest), 'web/dist is missing: build the web app first (`make test` does it)').toBe(true);
    const chunks = initialChunks();
    const brotliKb = chunks.reduce((sum, c) => sum + c.brotliBytes, 0) / 1024;
    console.log(`home route initial JS: ${brotliKb.toFixed(1)} KB brotli in ${chunks.length} chunks`);
    expect(brotliKb).toBeLessThanOrEqual(HOME_BUDGET_BROTLI_KB);
    // One download, not dozens of small files (a round trip each on a phone): the home page is in the entry.
    expect(chunks.length).toBeLessThanOrEqual(2);
    const modules = chunks.flatMap((c) => c.sources);
    expect(modules.some((m) => m.endsWith('src/pages/HomePage.tsx'))).toBe(true);
    // The forms (zod, react-hook-form), the quote dialog and the maps loader come with the screens that use them;
    // the map engines (MapLibre GL, Google's loader) after the list is on screen (issue 19); the mobile menu's
    // drawer and the toasts' machine when first used; the account pages' client and the payment helpers with
    // the pages that call them.
    const late =
      /GooglePlaceInput|QuoteDialog|CityQuotePage|LoginPage|MapLibreResultsMap|GoogleResultsMap|maplibre-gl|react-map-gl|react-google-maps|node_modules\/zod\/|react-hook-form|MobileMenu|AppToaster|toaster|recharts|stripe|lib\/client\/account|lib\/payments/;
    expect(modules.filter((m) => late.test(m))).toEqual([]);
  });

  // A signed-out visitor's home page reads one answer (the maps config) and the location box's suggestions:
  // their schemas come with zod alone, not with billing's, the companies' or the accounts' (those were
  // ~140 ms of a phone's main thread at CPU 4×; docs/performance.md, session 20).
  it("reads the home page's first answers without the other pages' schemas", () => {
    const first = new Set(initialChunks().map((c) => c.file));
    const later = initialChunks('src/lib/responses/place.ts').filter((c) => !first.has(c.file));
    const modules = later.flatMap((c) => c.sources);
    expect(modules.some((m) => m.endsWith('src/api/maps-config.ts'))).toBe(true);
    expect(
      modules.filter((m) =>
        /contracts\/src\/(api\/(billing|identity|quotes|analytics|directory\/(companies|reviews|places))|events\/\w+\.events)/.test(m),
      ),
    ).toEqual([]);
  });

  // web/vite.config.ts, lazyChakraGlobals: Chakra's system computes its global styles on first use.
  it("builds Chakra's system with its global styles computed on first use", () => {
    const app = initialChunks().find((c) => c.sources.some((m) => m.endsWith('styled-system/system.js')));
    expect(app, 'no chunk holds Chakra createSystem').toBeDefined();
    expect(readFileSync(fileURLToPath(new URL(`../dist/${app!.file}`, import.meta.url)), 'utf8')).toContain('get _global()');
  });
});
