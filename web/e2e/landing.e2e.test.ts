import { cityPath, citySlug, statePath, type AllCompaniesResponse } from '@limo/contracts';
import { expect, it } from 'vitest';
import { sitemapSchemaErrors, sitemapSchemaSkipReason } from '../../services/gateway/test/sitemap-schema';
import { BrowserSuite, describeInBrowser, expectNoSeriousA11yViolations, screenshot } from './support';

// Issue 19: the landing pages a search engine (or a visitor without JavaScript) reads, against the
// real embedded product with its demo directory, and the sitemap and robots.txt that lead to them.
const e2e = new BrowserSuite();

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${e2e.product.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Every company of the directory, read page by page from the claim search (which lists them all). */
async function everyCompany(): Promise<AllCompaniesResponse['items']> {
  const all: AllCompaniesResponse['items'] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await getJson<AllCompaniesResponse>(`/api/all-companies?limit=100&page=${page}`);
    all.push(...items);
    if (all.length >= total || items.length === 0) return all;
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describeInBrowser('landing pages, sitemap and robots.txt', () => {
  e2e.start();

  it('a company page shows its content with JavaScript disabled', async () => {
    const [company] = (await everyCompany()).filter((c) => c.city === 'Miami' && c.reviewCount > 0);
    expect(company, 'a reviewed Miami company in the demo data').toBeDefined();
    const { page } = await e2e.session(undefined, { javaScriptEnabled: false });
    const res = await page.goto(`/company/${company.id}`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(company.name);
    if (company.phone) expect(await page.getByRole('link', { name: company.phone }).first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Customer Reviews' }).isVisible()).toBe(true);
    expect(
      await page
        .getByText(`${company.rating.toFixed(1)} (${company.reviewCount} review`)
        .first()
        .isVisible(),
    ).toBe(true);
    const cityLink = page.getByRole('link', { name: 'More limo companies in Miami, FL' });
    expect(await cityLink.getAttribute('href')).toBe('/limo-service/fl/miami');
    await screenshot(page, 'company-no-js');
  });

  it('a city page shows its ranked companies, figures and page links with JavaScript disabled, and they lead on', async () => {
    const { page } = await e2e.session(undefined, { javaScriptEnabled: false });
    const res = await page.goto('/limo-service/fl/miami');
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Limo Service in Miami, FL');
    expect(await page.getByTestId('company-card').count()).toBe(20);
    expect(await page.getByRole('heading', { name: 'Miami at a glance' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Frequently asked questions about limos in Miami' }).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/^Limo Service in Miami, FL — \d+ Companies \| LimoDirectory$/);
    await screenshot(page, 'city-no-js');
    // Plain links: page 2 without a script.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/limo-service\/fl\/miami\?page=2$/);
    expect(await page.getByTestId('city-summary').textContent()).toMatch(/page 2 of \d+ \(companies 21–/);
    // The throwaway product's PUBLIC_URL has no port: compare the path.
    const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
    expect(canonical.pathname + canonical.search).toBe('/limo-service/fl/miami?page=2');
  });

  it('with JavaScript the served city and company pages hydrate without errors (nothing in the console, no GET /api/me for a visitor), pass the accessibility check and navigate in the app', async () => {
    const { page } = await e2e.session();
    const problems: string[] = [];
    page.on('console', (message) => {
      // A host the machine cannot resolve (the map's default style, offline) is the network's, not the page's;
      // an answer the product gave with an error status (a 401 among them) counts.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: net::')) problems.push(message.text());
    });
    // A visitor (no signed-in mark) is not asked who is signed in: no 401 for the console.
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') problems.push(`asked ${request.url()}`);
    });
    // The page's styles come in its <head>: taking the page over moves none of them (each move would make the
    // browser restyle the whole page) and draws Chakra's global styles no second time.
    await page.addInitScript(() => {
      const moved: string[] = [];
      Object.assign(window, { movedStyles: moved });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes) if (node.nodeName === 'STYLE') moved.push((node as Element).outerHTML.slice(0, 60));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/limo-service/fl/miami');
    await page.getByRole('heading', { level: 1, name: 'Limo Service in Miami, FL' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { movedStyles: string[] }).movedStyles)).toEqual([]);
    expect(await page.locator('head style[data-served-global]').count()).toBeGreaterThan(0);
    expect(await page.locator('head style[data-served-css]').count()).toBe(1);
    expect(await page.locator('style[data-emotion^="css-global"]').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('company-card').first().getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/company\//);
    await page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    await page.getByRole('heading', { name: 'Write a Review' }).scrollIntoViewIfNeeded();
    await page.getByRole('form', { name: 'Write a Review' }).waitFor();
    expect(problems).toEqual([]);
  });

  // The build computes Chakra's global styles on first use (web/vite.config.ts, lazyChakraGlobals): a served
  // page never needs them, a page the browser renders itself gets them when the app mounts.
  it('a page rendered in the browser gets Chakra’s reset and theme variables', async () => {
    const { page } = await e2e.session();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await page.locator('head style[data-served-global]').count()).toBe(0);
    const styles = await page.evaluate(() => ({
      gray50: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-gray-50').trim(),
      background: getComputedStyle(document.body).backgroundColor,
      margin: getComputedStyle(document.body).margin,
    }));
    expect(styles).toEqual({ gray50: '#fafafa', background: 'rgb(250, 250, 250)', margin: '0px' });
  });

  it('unknown companies and cities answer 404 with the not-found screen', async () => {
    const { page } = await e2e.session(undefined, { javaScriptEnabled: false });
    for (const [path, heading] of [
      ['/company/no-such-company', 'Company Not Found'],
      ['/limo-service/fl/atlantis', 'City Not Found'],
      ['/limo-service/wy', 'State Not Found'],
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(heading);
    }
  });

  it('the sitemap lists every company and every state and city with companies, and validates; robots.txt names it', async () => {
    const base = e2e.product.url;
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    expect(robotsText).toContain('Disallow: /api/');

    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    const skip = sitemapSchemaSkipReason();
    if (skip) console.warn(`sitemap schema check ${skip}`);
    else expect(sitemapSchemaErrors(index, 'index')).toBeUndefined();
    const listed = new Set<string>();
    for (const sitemap of locs(index)) {
      const res = await fetch(sitemap.replace(/^https?:\/\/[^/]+/, base));
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await res.text();
      if (!skip) expect(sitemapSchemaErrors(xml, 'urlset'), sitemap).toBeUndefined();
      const urls = locs(xml);
      expect(urls.length).toBeLessThanOrEqual(50_000);
      for (const url of urls) listed.add(new URL(url).pathname);
    }

    const companies = await everyCompany();
    expect(companies.length).toBeGreaterThan(0);
    const expected = new Set<string>();
    for (const c of companies) {
      expected.add(`/company/${encodeURIComponent(c.id)}`);
      if (c.state && c.city && citySlug(c.city)) {
        expected.add(statePath(c.state));
        expected.add(cityPath(c.state, c.city));
      }
    }
    expect([...expected].filter((path) => !listed.has(path))).toEqual([]);
    console.log(`sitemap: ${listed.size} URLs (${companies.length} companies) in ${locs(index).length} sitemaps`);
  });
});
