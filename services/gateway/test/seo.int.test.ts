import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTE_PATHS } from '@limo/contracts';
import { jsonLdOf, siteOver, titleOf, type Site } from './support.js';

// The served HTML of each route carries its own title and description; company pages also carry
// JSON-LD LocalBusiness, read from the directory service, so crawlers without JavaScript see them.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>LimoDirectory — Limousine & Chauffeur Companies Across the USA</title>
    <meta name="description" content="Find, compare and request quotes." />
  </head>
  <body><div id="root"></div></body>
</html>`;

const company = {
  id: 'c-42',
  name: 'Ocean & Sons <Limo>',
  description: 'Stretch limos for "big" nights </script><script>alert(1)</script>',
  phone: '(305) 555-0100',
  email: 'info@ocean.example',
  website: 'https://ocean.example/',
  address: '100 Ocean Dr',
  city: 'Miami',
  state: 'FL',
  zipCode: '33139',
  latitude: 25.77,
  longitude: -80.13,
  priceRange: '$$',
  imageUrl: null,
  rating: 4.6,
  reviewCount: 12,
  services: ['Wedding'],
  vehicleTypes: [],
};

let site: Site;
let slowMs = 0;

beforeAll(async () => {
  // The slow request is abandoned by the gateway mid-way; closing must not wait for its socket.
  const directory = Fastify({ forceCloseConnections: true });
  directory.get<{ Params: { id: string } }>('/api/companies/:id', async (request, reply) => {
    if (request.params.id === 'slow') await new Promise((r) => setTimeout(r, slowMs));
    if (request.params.id === 'c-42') return company;
    if (request.params.id === 'no-reviews') return { ...company, id: 'no-reviews', rating: 0, reviewCount: 0 };
    if (request.params.id === 'broken') return reply.code(500).send({ message: 'boom' });
    return reply.code(404).send({ message: 'Company not found' });
  });
  site = await siteOver(directory, async (webDist) => {
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await mkdir(join(webDist, 'assets'));
    const asset = Buffer.from('console.log("limo");'.repeat(200));
    await writeFile(join(webDist, 'assets', 'index-AbC123.js'), asset);
    await writeFile(join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(asset));
    await writeFile(join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync(asset));
  });
});
afterAll(() => site.close());

const get = (url: string) => site.gateway.inject({ method: 'GET', url });
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

// Issue 13: HTML answers had no CSP, framing, nosniff or referrer policy.
describe('security headers', () => {
  it('sends a CSP that admits Google Maps and Stripe Elements, and forbids framing', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
    // Issue 19: the key-less map (MapLibre GL) fetches its default style, tiles and glyphs from OpenFreeMap.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/tiles\.openfreemap\.org/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('the built web app', () => {
  it('is sent precompressed as the client asks, hashed assets cached for good', async () => {
    const br = await site.gateway.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log("limo")');
    const gz = await site.gateway.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await site.gateway.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBe(4000);
  });
});

describe('served HTML metadata', () => {
  it('gives each public route its own title and description, once', async () => {
    const seen = new Set<string>();
    for (const path of ['/', '/login', '/request-city-quote', '/list-business', '/how-it-works', '/support']) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      const title = titleOf(res.body);
      expect(title).toBeTruthy();
      expect(seen.has(title!)).toBe(false);
      seen.add(title!);
      expect(descriptionOf(res.body)!.length).toBeGreaterThan(40);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/name="description"/g)).toHaveLength(1);
      expect(res.body).toContain(`<link rel="canonical" href="https://limo.example${path}" />`);
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect(titleOf((await get('/how-it-works')).body)).toBe('How It Works | LimoDirectory');
  });

  it('puts the company name in the title and a LocalBusiness with its aggregate rating in JSON-LD', async () => {
    const res = await get('/company/c-42');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Ocean &amp; Sons &lt;Limo&gt; — Limousine Service in Miami, FL | LimoDirectory');
    expect(descriptionOf(res.body)).toContain('Rated 4.6/5 from 12 reviews');
    const ld = jsonLdOf(res.body);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Ocean & Sons <Limo>',
      url: 'https://limo.example/company/c-42',
      telephone: '(305) 555-0100',
      priceRange: '$$',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '100 Ocean Dr',
        addressLocality: 'Miami',
        addressRegion: 'FL',
        postalCode: '33139',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 25.77, longitude: -80.13 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 12, bestRating: 5, worstRating: 1 },
    });
  });

  it('escapes company text so it cannot close the script or inject markup', async () => {
    const res = await get('/company/c-42');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toContain('<Limo>');
    expect(jsonLdOf(res.body)?.description).toBe(company.description);
  });

  it('leaves aggregateRating out for a company without approved reviews', async () => {
    const ld = jsonLdOf((await get('/company/no-reviews')).body);
    expect(ld?.['@type']).toBe('LocalBusiness');
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('answers 200 for every screen of the shared route list and 404 just outside it', async () => {
    for (const pattern of APP_ROUTE_PATHS) {
      // Screens of a company, a state or a city answer by their data (test/landing.int.test.ts).
      if (pattern.includes(':')) continue;
      expect((await get(pattern)).statusCode, pattern).toBe(200);
      if (pattern !== '/') expect((await get(`${pattern}/extra`)).statusCode, `${pattern}/extra`).toBe(404);
    }
  });

  it('answers 404 with the app and a noindex for an unknown company or path', async () => {
    for (const [path, title] of [
      ['/company/nope', 'Company Not Found | LimoDirectory'],
      ['/no/such/page', '404 Page Not Found | LimoDirectory'],
    ]) {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(titleOf(res.body)).toBe(title);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root"></div>');
      expect(jsonLdOf(res.body)).toBeUndefined();
    }
  });

  it('still serves the page, with generic metadata, when the directory fails or is slow', async () => {
    const broken = await get('/company/broken');
    expect(broken.statusCode).toBe(200);
    expect(titleOf(broken.body)).toBe('Limousine Company | LimoDirectory');
    expect(jsonLdOf(broken.body)).toBeUndefined();

    slowMs = 3000;
    const started = Date.now();
    const slow = await get('/company/slow');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(slow.statusCode).toBe(200);
    expect(titleOf(slow.body)).toBe('Limousine Company | LimoDirectory');
  });
});
