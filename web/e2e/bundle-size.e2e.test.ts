import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_BUDGET_KB, initialChunks } from '../scripts/bundle-size';

const manifest = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));

describe('bundle weight of the built web app', () => {
  it(`loads at most ${HOME_BUDGET_KB} KB of gzipped JavaScript for the home route`, () => {
    expect(existsSync(manifest), 'web/dist is missing: build the web app first (`make test` does it)').toBe(true);
    const chunks = initialChunks();
    const totalKb = chunks.reduce((sum, c) => sum + c.gzipBytes, 0) / 1024;
    console.log(`home route initial JS: ${totalKb.toFixed(1)} KB gzipped in ${chunks.length} chunks`);
    expect(totalKb).toBeLessThanOrEqual(HOME_BUDGET_KB);
    // The forms (zod, react-hook-form) and the maps loader come with the screens that use them.
    expect(chunks.map((c) => c.file).join(' ')).not.toMatch(/GooglePlaceInput|QuoteDialog|CityQuotePage|LoginPage/);
    // Issue 19: the map engines (MapLibre GL, Google's loader) are fetched after the list is on screen.
    expect(chunks.map((c) => c.file).join(' ')).not.toMatch(/MapLibreResultsMap|GoogleResultsMap|maplibre/i);
    // The mobile menu's drawer and the toasts' machine come when first used.
    expect(chunks.map((c) => c.file).join(' ')).not.toMatch(/MobileMenu|AppToaster|toaster/);
  });
});
