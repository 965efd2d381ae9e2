import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_SERVER_ENTRY } from '../src/home-render.js';
import { jsonLdOf, siteOver, titleOf, type Site } from './support.js';
import { sitemapSchemaErrors, sitemapSchemaSkipReason } from './sitemap-schema.js';

// Issue 19: company, city and state pages served rendered, with their own head, structured data and
// status; robots.txt and the sitemap; the favicon and the manifest.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>LimoDirectory</title>
    <meta name="description" content="Find limos." />
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A stand-in for the web app's server build: shows the location and what it was given. */
const FAKE_ENTRY = `
export async function renderPage(location, data) {
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const name = data.kind === 'company' ? data.company?.name : data.kind === 'city' ? data.data?.city : data.kind === 'state' ? data.summary?.name : undefined;
  return { head: '<style data-served-css="m1">.css-m1{margin:0}</style>', root: '<main data-location="' + esc(location) + '"><h1>' + esc(name ?? 'Not Found') + '</h1></main>' };
}`;

const at = '2026-11-20T10:00:00.000Z';
const company = {
  id: 'c-42',
  name: 'Ocean Limo',
  description: 'Stretch limos.',
  phone: '(305) 555-0100',
  email: null,
  website: null,
  address: '100 Ocean Dr',
  city: 'Fort Lauderdale',
  state: 'FL',
  zipCode: '33301',
  latitude: 26.1,
  longitude: -80.1,
  priceRange: '$$',
  imageUrl: null,
  rating: 4.5,
  reviewCount: 2,
  reviews: [
    {
      id: 'r1',
      companyId: 'c-42',
      rating: 5,
      comment: 'Perfect.',
      reviewerName: 'Ana',
      status: 'approved',
      createdAt: at,
      verifiedCustomer: false,
      reply: null,
    },
    {
      id: 'r2',
      companyId: 'c-42',
      rating: 4,
      comment: null,
      reviewerName: 'Bo',
      status: 'approved',
      createdAt: at,
      verifiedCustomer: false,
      reply: null,
    },
  ],
};
const figures = {
  companyCount: 21,
  averageRating: 4.5,
  reviewCount: 2,
  averageHourlyRate: 120,
  lowestHourlyRate: 90,
  highestHourlyRate: 150,
  services: [{ service: 'Wedding', count: 2 }],
};
const { reviews: _reviews, ...fields } = company;
const listed = {
  ...fields,
  services: ['Wedding'],
  vehicleTypes: [],
  hourlyRateStart: 90,
  featured: false,
  verified: true,
  claimed: false,
  claimedAt: null,
  owned: false,
  businessVerified: false,
  verifiedOwner: false,
  badges: [],
  insuranceExpiresOn: null,
  logoUrl: null,
  seoKeywords: null,
  seoTags: null,
  createdAt: at,
  updatedAt: at,
  responseTimeHours: null,
  responseRate: null,
  gallery: [],
  hours: null,
  serviceArea: null,
  fleet: [],
};
const cityPage = (page: number) => ({
  city: 'Fort Lauderdale',
  state: 'FL',
  stateName: 'Florida',
  page,
  pages: 2,
  pageSize: 20,
  lastModified: at,
  figures,
  companies: [listed],
  nearby: [],
});
const florida = {
  state: 'FL',
  slug: 'fl',
  name: 'Florida',
  count: 21,
  lastModified: at,
  cities: [{ city: 'Fort Lauderdale', slug: 'fort-lauderdale', count: 21, lastModified: at }],
};

let site: Site;
const links = [{ id: 'c-42', lastModified: at }];

beforeAll(async () => {
  const directory = Fastify();
  directory.get<{ Params: { id: string } }>('/api/companies/:id', async (request, reply) =>
    request.params.id === 'c-42' ? company : reply.code(404).send({ message: 'Company not found' }),
  );
  directory.get('/api/places', async () => ({ states: [florida] }));
  directory.get<{ Params: { state: string } }>('/api/places/:state', async (request, reply) =>
    request.params.state === 'fl' ? florida : reply.code(404).send({ message: 'No companies are listed in this state' }),
  );
  directory.get<{ Params: { state: string; city: string }; Querystring: { page: string } }>(
    '/api/places/:state/:city',
    async (request, reply) => {
      const page = Number(request.query.page);
      if (request.params.city !== 'fort-lauderdale' || page > 2)
        return reply.code(404).send({ message: 'No companies are listed in this city' });
      return cityPage(page);
    },
  );
  directory.get('/api/company-links', async () => ({ total: links.length, chunks: 1, companies: links }));
  site = await siteOver(directory, async (webDist) => {
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(join(webDist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    await writeFile(join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'LimoDirectory' }));
    await mkdir(join(webDist, '.ssr'));
    await writeFile(join(webDist, HOME_SERVER_ENTRY), FAKE_ENTRY);
    // The build's manifest and route-chunks.json: which chunk holds each page's screen.
    await mkdir(join(webDist, '.vite'));
    await writeFile(
      join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/pages/CompanyPage.tsx': { file: 'assets/CompanyPage-1.js', imports: ['index.html'] },
        '_StatePage-1.js': { file: 'assets/StatePage-1.js', imports: ['index.html'] },
      }),
    );
    await writeFile(
      join(webDist, '.vite', 'route-chunks.json'),
      JSON.stringify({
        'src/pages/CompanyPage.tsx': 'assets/CompanyPage-1.js',
        'src/pages/CityPage.tsx': 'assets/StatePage-1.js',
        'src/pages/StatePage.tsx': 'assets/StatePage-1.js',
      }),
    );
  });
});
afterAll(() => site.close());

const get = (url: string) => site.gateway.inject({ method: 'GET', url });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const pageDataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

describe('a company page', () => {
  it('is served rendered with its data, LocalBusiness with rating and reviews, canonical and social tags', async () => {
    const res = await get('/company/c-42');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main data-location="/company/c-42"><h1>Ocean Limo</h1></main></div>');
    expect(res.body).toContain('<style data-served-css="m1">.css-m1{margin:0}</style></head>');
    expect(pageDataOf(res.body)).toMatchObject({ kind: 'company', id: 'c-42', company: { name: 'Ocean Limo' } });
    expect(canonicalOf(res.body)).toBe('https://limo.example/company/c-42');
    expect(res.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(res.body).toContain('<meta property="og:url" content="https://limo.example/company/c-42" />');
    const ld = jsonLdOf(res.body)!;
    expect(ld).toMatchObject({ '@type': 'LocalBusiness', name: 'Ocean Limo', aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
    expect(ld.review).toEqual([
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Ana' },
        reviewBody: 'Perfect.',
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
      }),
      expect.objectContaining({ author: { '@type': 'Person', name: 'Bo' } }),
    ]);
  });

  it('that does not exist answers 404 with the not-found screen rendered and noindex', async () => {
    const res = await get('/company/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Not Found</h1>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('goes out brotli or gzip as the browser asks, like the home page', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await site.gateway.inject({ method: 'GET', url: '/company/c-42', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
    }
    const missing = await site.gateway.inject({ method: 'GET', url: '/company/nope', headers: { 'accept-encoding': 'br' } });
    expect([missing.statusCode, missing.headers['content-encoding']]).toEqual([404, 'br']);
  });
});

describe('a browser with a session from before the signed-in mark', () => {
  it('gets the mark with its page, so the web app asks who is signed in; a page of its own (private)', async () => {
    const res = await site.gateway.inject({ method: 'GET', url: '/company/c-42', headers: { cookie: 'limo_session=some.jwt.token' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBe('limo_signed_in=1; Path=/; SameSite=Lax; Secure');
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('gets nothing set with the mark already there, without a session, or on a file that is not a page', async () => {
    for (const [url, cookie] of [
      ['/company/c-42', 'limo_session=some.jwt.token; limo_signed_in=1'],
      ['/company/c-42', 'other=1'],
      ['/robots.txt', 'limo_session=some.jwt.token'],
    ] as const) {
      const res = await site.gateway.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], `${url} with ${cookie}`).toBeUndefined();
    }
  });
});

describe("each page's screen code", () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]*)"/g)].map((m) => m[1]);

  it('is preloaded in the head, so a phone fetches it beside the entry script rather than after it', async () => {
    expect(preloads((await get('/company/c-42')).body)).toEqual(['/assets/CompanyPage-1.js']);
    expect(preloads((await get('/limo-service/fl/fort-lauderdale')).body)).toEqual(['/assets/StatePage-1.js']);
    expect(preloads((await get('/limo-service/fl')).body)).toEqual(['/assets/StatePage-1.js']);
    // A company that does not exist still hydrates the company screen (its not-found state).
    expect(preloads((await get('/company/nope')).body)).toEqual(['/assets/CompanyPage-1.js']);
    expect(preloads((await get('/no-such-page')).body)).toEqual([]);
  });
});

describe('a city page', () => {
  it('is served rendered with a title, canonical per page, ItemList and BreadcrumbList', async () => {
    const first = await get('/limo-service/fl/fort-lauderdale');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Fort Lauderdale</h1>');
    expect(titleOf(first.body)).toBe('Limo Service in Fort Lauderdale, FL — 21 Companies | LimoDirectory');
    expect(canonicalOf(first.body)).toBe('https://limo.example/limo-service/fl/fort-lauderdale');
    const graph = jsonLdOf(first.body)!['@graph']!;
    expect(graph[0]).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 21,
      itemListElement: [{ '@type': 'ListItem', position: 1, url: 'https://limo.example/company/c-42', name: 'Ocean Limo' }],
    });
    expect(graph[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://limo.example/' },
        { position: 2, name: 'Florida', item: 'https://limo.example/limo-service/fl' },
        { position: 3, name: 'Fort Lauderdale', item: 'https://limo.example/limo-service/fl/fort-lauderdale' },
      ],
    });

    const second = await get('/limo-service/fl/fort-lauderdale?page=2');
    expect(second.statusCode).toBe(200);
    expect(canonicalOf(second.body)).toBe('https://limo.example/limo-service/fl/fort-lauderdale?page=2');
    expect(titleOf(second.body)).toContain('(Page 2 of 2)');
    expect(jsonLdOf(second.body)!['@graph']![0]).toMatchObject({ itemListElement: [{ position: 21 }] });
  });

  it('has one URL: other spellings are redirected to it', async () => {
    for (const [asked, one] of [
      ['/limo-service/FL/Fort-Lauderdale', '/limo-service/fl/fort-lauderdale'],
      ['/limo-service/fl/fort-lauderdale/', '/limo-service/fl/fort-lauderdale'],
      ['/limo-service/fl/fort-lauderdale?page=1', '/limo-service/fl/fort-lauderdale'],
      ['/limo-service/FL/fort-lauderdale?page=2', '/limo-service/fl/fort-lauderdale?page=2'],
      ['/limo-service/FL', '/limo-service/fl'],
    ]) {
      const res = await get(asked);
      expect(res.statusCode, asked).toBe(301);
      expect(res.headers.location, asked).toBe(one);
    }
  });

  it('answers 404 for a city without companies, a page past the last and a malformed page', async () => {
    for (const url of [
      '/limo-service/fl/atlantis',
      '/limo-service/fl/fort-lauderdale?page=3',
      '/limo-service/fl/fort-lauderdale?page=x',
      '/limo-service/florida',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

describe('a state page', () => {
  it('is served rendered with its cities, ItemList and BreadcrumbList; an unknown state is 404', async () => {
    const res = await get('/limo-service/fl');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Florida</h1>');
    expect(titleOf(res.body)).toBe('Limo Service in Florida — 1 City | LimoDirectory');
    const graph = jsonLdOf(res.body)!['@graph']!;
    expect(graph.map((g) => g['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect(graph[0]).toMatchObject({ itemListElement: [{ url: 'https://limo.example/limo-service/fl/fort-lauderdale' }] });
    expect((await get('/limo-service/wy')).statusCode).toBe(404);
  });
});

describe('the home page', () => {
  it('carries WebSite with a SearchAction and the Organization', async () => {
    const graph = jsonLdOf((await get('/')).body)!['@graph']!;
    expect(graph[0]).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: 'https://limo.example/?location={search_term_string}' } },
    });
    expect(graph[1]).toMatchObject({ '@type': 'Organization', name: 'LimoDirectory' });
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows the public pages, keeps crawlers out of the API, admin, dashboard, checkout and account pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /checkout',
      'Disallow: /login',
    ])
      expect(res.body.split('\n')).toContain(line);
    expect(res.body).toContain('Sitemap: https://limo.example/sitemap.xml');
  });

  it('the sitemap index names the places and company sitemaps, which list every state, city and company with lastmod', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).toContain(`<sitemap><loc>https://limo.example/sitemaps/places-1.xml</loc><lastmod>${at}</lastmod></sitemap>`);
    expect(index.body).toContain(`<sitemap><loc>https://limo.example/sitemaps/companies-1.xml</loc><lastmod>${at}</lastmod></sitemap>`);
    const places = (await get('/sitemaps/places-1.xml')).body;
    expect(places).toContain('<url><loc>https://limo.example/</loc>');
    expect(places).toContain(`<url><loc>https://limo.example/limo-service/fl</loc><lastmod>${at}</lastmod></url>`);
    expect(places).toContain(`<url><loc>https://limo.example/limo-service/fl/fort-lauderdale</loc><lastmod>${at}</lastmod></url>`);
    expect(places).not.toContain('/login');
    const companies = (await get('/sitemaps/companies-1.xml')).body;
    expect(companies).toContain(`<url><loc>https://limo.example/company/c-42</loc><lastmod>${at}</lastmod></url>`);
    expect((await get('/sitemaps/companies-2.xml')).statusCode).toBe(404);
  });
});

describe('the sitemap against the sitemaps.org schema', () => {
  const skip = sitemapSchemaSkipReason();
  it.skipIf(skip !== undefined)(skip ?? 'validates the index and every sitemap it names', async () => {
    const index = (await get('/sitemap.xml')).body;
    expect(sitemapSchemaErrors(index, 'index')).toBeUndefined();
    const named = [...index.matchAll(/<loc>https:\/\/limo\.example(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(named).toEqual(['/sitemaps/places-1.xml', '/sitemaps/companies-1.xml']);
    for (const path of named) expect(sitemapSchemaErrors((await get(path)).body, 'urlset'), path).toBeUndefined();
    // The check has teeth: a sitemap without its namespace is refused.
    expect(sitemapSchemaErrors('<?xml version="1.0"?><urlset><url><loc>https://limo.example/</loc></url></urlset>', 'urlset')).toMatch(
      /urlset/,
    );
  });
});

describe('the favicon and the manifest', () => {
  it('are served from the build', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });
});
