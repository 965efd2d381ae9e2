import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BrowserSuite, describeInBrowser, screenshot } from './support';

// Issue 19's map of results, in headless Chromium against the real product with its demo directory,
// no Google key and no network: MapLibre GL (WebGL on SwiftShader) draws a style this file serves.

/** A MapLibre style with one background layer: nothing to fetch beyond itself. */
const STYLE = {
  version: 8,
  name: 'journey',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dde8ee' } }],
};

let styleServer: Server;
let styleUrl = '';
beforeAll(async () => {
  styleServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(STYLE));
  });
  await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
  styleUrl = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/style.json`;
});
afterAll(async () => {
  await new Promise((resolve) => styleServer?.close(resolve));
});

const e2e = new BrowserSuite(() => ({ MAP_STYLE_URL: styleUrl, GOOGLE_MAPS_API_KEY: '' }));

/** Refuses every request that would leave the machine, and lists them (a journey expects none). */
async function offline(context: BrowserContext): Promise<string[]> {
  const refused: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      refused.push(route.request().url());
      await route.abort('internetdisconnected');
    },
  );
  return refused;
}

const region = (page: Page) => page.getByRole('region', { name: 'Map of results' });
const cardIds = async (page: Page) =>
  (await page.getByTestId('company-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-company-id') ?? ''))).sort();

/** The companies on the map: each marker's, and each cluster's (a cluster marker names its companies). */
const idsOnMap = (page: Page) =>
  region(page)
    .locator('[data-testid=map-marker], [data-testid=map-cluster]')
    .evaluateAll((els) =>
      els
        .flatMap((el) => (el.getAttribute('data-company-id') ?? el.getAttribute('data-company-ids') ?? '').split(' '))
        .filter(Boolean)
        .sort(),
    );

/** Every listed company is on the map exactly once, alone or in a cluster, and nothing else is. */
async function expectOneMarkerPerCard(page: Page): Promise<number> {
  const cards = await cardIds(page);
  await expect.poll(() => idsOnMap(page), { timeout: 20_000 }).toEqual(cards);
  return cards.length;
}

const pageInfo = (page: Page) => page.getByTestId('page-info');

describeInBrowser('the map of results in the browser (no Google key, no network)', () => {
  e2e.start();

  it('draws MapLibre GL beside the list with one marker per listed company, following paging and filters', async () => {
    const { context, page } = await e2e.session();
    const refused = await offline(context);
    const config = await page.request.get('/api/config/maps-key');
    expect(await config.json()).toEqual({ googleMapsApiKey: null, mapStyleUrl: styleUrl });

    await page.goto('/');
    await page.getByTestId('company-card').first().waitFor();
    // MapLibre's WebGL canvas, on the served style.
    await region(page).locator('canvas.maplibregl-canvas').waitFor();
    expect(await expectOneMarkerPerCard(page)).toBeGreaterThan(1);

    // A search: Miami's first page.
    await page.getByLabel('Location').fill('Miami, F');
    await page.getByRole('option', { name: 'Miami, FL', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => pageInfo(page).textContent()).toBe('Page 1 of 7 - Showing 15 companies');
    expect(await expectOneMarkerPerCard(page)).toBe(15);
    await screenshot(page, 'map-miami', false);
    // A cluster opens as the map zooms in: more markers, the same companies.
    const markers = region(page).getByTestId('map-marker');
    const before = await markers.count();
    if (before < 15) {
      await region(page).getByTestId('map-cluster').first().dispatchEvent('click');
      await expect.poll(() => markers.count()).toBeGreaterThan(before);
    }

    // Paging: the markers are page 2's.
    const page1 = await cardIds(page);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pageInfo(page).textContent()).toBe('Page 2 of 7 - Showing 15 companies');
    expect(await cardIds(page)).not.toEqual(page1);
    await expectOneMarkerPerCard(page);

    // A filter: fewer companies, fewer markers.
    await page.getByLabel('Minimum Rating').selectOption({ index: 3 });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(async () => (await pageInfo(page).textContent()) ?? '').toMatch(/^Page 1 of \d+ - Showing \d+ companies$/);
    await expect.poll(() => page.url()).toContain('minRating');
    await expectOneMarkerPerCard(page);

    // Hovering a card highlights its marker (a company with a marker of its own).
    const marker = region(page).getByTestId('map-marker').first();
    const id = (await marker.getAttribute('data-company-id')) ?? '';
    const card = page.locator(`[data-testid=company-card][data-company-id="${id}"]`);
    const name = (await card.getAttribute('aria-label')) ?? '';
    await card.hover();
    await expect.poll(() => marker.getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(0, 0);
    await expect.poll(() => marker.getAttribute('aria-pressed')).toBe('false');

    // A marker's popup links to the company page.
    await marker.dispatchEvent('click');
    await region(page).getByTestId('map-popup').getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toContain(`/company/${id}`);

    expect(refused).toEqual([]);
  });

  it('draws the map of a city page: one marker per company of the page, page 2 too', async () => {
    const { context, page } = await e2e.session();
    const refused = await offline(context);
    await page.goto('/limo-service/fl/miami');
    await page.getByTestId('company-card').first().waitFor();
    await region(page).locator('canvas.maplibregl-canvas').waitFor();
    const first = await expectOneMarkerPerCard(page);
    expect(first).toBeGreaterThan(0);
    await page.goto('/limo-service/fl/miami?page=2');
    await page.getByTestId('company-card').first().waitFor();
    await expectOneMarkerPerCard(page);
    expect(refused).toEqual([]);
  });

  it("on a phone, fetches a city page's map (under the list) only when scrolled near it", async () => {
    const { context, page } = await e2e.session({ width: 390, height: 844 });
    const refused = await offline(context);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto('/limo-service/fl/miami');
    await page.getByTestId('company-card').first().waitFor();
    // Long enough for an idle browser to have fetched it (the map waits for idle at most 1.5 s).
    await page.waitForTimeout(3_000);
    expect(fetched.filter((url) => url.includes('MapLibreResultsMap'))).toEqual([]);
    await region(page).scrollIntoViewIfNeeded();
    await region(page).locator('canvas.maplibregl-canvas').waitFor();
    await expectOneMarkerPerCard(page);
    expect(refused).toEqual([]);
  });

  it('puts the map behind a toggle on a phone, loaded when first shown', async () => {
    const { context, page } = await e2e.session({ width: 390, height: 844 });
    const refused = await offline(context);
    await page.goto('/');
    await page.getByTestId('company-card').first().waitFor();
    expect(await region(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Show map' }).click();
    await region(page).locator('canvas.maplibregl-canvas').waitFor();
    await expectOneMarkerPerCard(page);
    await screenshot(page, 'map-phone', false);
    expect(refused).toEqual([]);
  });
});
