import type { FastifyInstance } from 'fastify';
import {
  COMPANY_LINKS_CHUNK_SIZE,
  cityPath,
  companyLinksResponseSchema,
  placesResponseSchema,
  statePath,
  type CompanyLinks,
  type PlacesResponse,
} from '@limo/contracts';
import { escapeHtml, internalCallHeaders } from '@limo/platform';

/** The public pages without data of their own, listed in the sitemap. */
const STATIC_PAGES = ['/', '/request-city-quote', '/list-business', '/how-it-works', '/support', '/pricing', '/contact'];

/** Paths crawlers are asked to leave: the API, the owner and admin areas, checkout and account pages. */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/dashboard',
  '/checkout',
  '/payment-success',
  '/claim-business',
  '/business-registration',
  '/register-business',
  '/login',
  '/forgot-password',
  '/reset-password',
];

/** URLs per sitemap file (the protocol's limit is 50,000). */
const SITEMAP_MAX_URLS = COMPANY_LINKS_CHUNK_SIZE;
/** How long the gateway keeps what the sitemap is made of: a company added shows in it within this time. */
const SITEMAP_TTL_MS = 60_000;
const CACHE_CONTROL = `public, max-age=${SITEMAP_TTL_MS / 1000}`;
const XML = 'application/xml; charset=utf-8';

export interface SiteFilesOptions {
  /** The site's public origin (`PUBLIC_URL`). */
  publicUrl: string;
  directoryUrl: string;
  internalSecret?: string;
  ttlMs?: number;
}

interface Url {
  loc: string;
  lastmod?: string;
}

/** What the sitemap lists: the public pages, states and cities (one list) and the company chunks, from the directory. */
interface SitemapModel {
  places: Url[][];
  companies: Url[][];
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const lastmodTag = (lastmod?: string) => (lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : '');
const latest = (urls: Url[]) =>
  urls.reduce<string | undefined>((max, u) => (u.lastmod && (!max || u.lastmod > max) ? u.lastmod : max), undefined);

/** A `<urlset>` of `urls`. */
function urlSetXml(urls: Url[]): string {
  const body = urls.map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${lastmodTag(u.lastmod)}</url>`).join('\n');
  return `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` of `sitemaps`. */
function sitemapIndexXml(sitemaps: Url[]): string {
  const body = sitemaps.map((s) => `  <sitemap><loc>${escapeHtml(s.loc)}</loc>${lastmodTag(s.lastmod)}</sitemap>`).join('\n');
  return `${xmlHead}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

const chunked = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SITEMAP_MAX_URLS) out.push(items.slice(i, i + SITEMAP_MAX_URLS));
  return out.length ? out : [[]];
};

/**
 * `/robots.txt` and `/sitemap.xml`: the sitemap is an index of chunked sitemaps (`/sitemaps/places-N.xml`:
 * the public pages, every state and city with companies; `/sitemaps/companies-N.xml`: every company),
 * each at most 50,000 URLs with `lastmod` from the data. Read from the directory at most once per
 * SITEMAP_TTL_MS (so it follows companies as they change), shared by concurrent requests.
 */
export function registerSiteFiles(app: FastifyInstance, options: SiteFilesOptions): void {
  const { publicUrl, directoryUrl } = options;
  const ttlMs = options.ttlMs ?? SITEMAP_TTL_MS;
  let kept: { at: number; model: Promise<SitemapModel> } | undefined;

  async function directory<T>(path: string, parse: (body: unknown) => T): Promise<T> {
    const res = await fetch(`${directoryUrl}${path}`, {
      headers: options.internalSecret ? internalCallHeaders(options.internalSecret) : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`directory answered ${res.status} to ${path}`);
    return parse(await res.json());
  }

  async function load(): Promise<SitemapModel> {
    const [places, first] = await Promise.all([
      directory('/api/places', (b): PlacesResponse => placesResponseSchema.parse(b)),
      directory('/api/company-links?chunk=1', (b): CompanyLinks => companyLinksResponseSchema.parse(b)),
    ]);
    const rest = await Promise.all(
      Array.from({ length: first.chunks - 1 }, (_, i) =>
        directory(`/api/company-links?chunk=${i + 2}`, (b): CompanyLinks => companyLinksResponseSchema.parse(b)),
      ),
    );
    const everLatest = places.states.reduce<string | undefined>(
      (max, s) => (!max || s.lastModified > max ? s.lastModified : max),
      undefined,
    );
    const placeUrls: Url[] = [
      ...STATIC_PAGES.map((path) => ({ loc: `${publicUrl}${path}`, lastmod: path === '/' ? everLatest : undefined })),
      ...places.states.flatMap((s) => [
        { loc: `${publicUrl}${statePath(s.state)}`, lastmod: s.lastModified },
        ...s.cities.map((c) => ({ loc: `${publicUrl}${cityPath(s.state, c.city)}`, lastmod: c.lastModified })),
      ]),
    ];
    const companies = [first, ...rest].map((chunk) =>
      chunk.companies.map((c) => ({ loc: `${publicUrl}/company/${encodeURIComponent(c.id)}`, lastmod: c.lastModified })),
    );
    return { places: chunked(placeUrls), companies: companies.length ? companies : [[]] };
  }

  function model(): Promise<SitemapModel> {
    if (!kept || Date.now() - kept.at > ttlMs) {
      const fresh = { at: Date.now(), model: load() };
      kept = fresh;
      // A failed read is not kept: the next request asks again.
      fresh.model.catch(() => {
        if (kept === fresh) kept = undefined;
      });
    }
    return kept.model;
  }

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const { places, companies } = await model();
    const entries = [
      ...places.map((urls, i) => ({ loc: `${publicUrl}/sitemaps/places-${i + 1}.xml`, lastmod: latest(urls) })),
      ...companies.map((urls, i) => ({ loc: `${publicUrl}/sitemaps/companies-${i + 1}.xml`, lastmod: latest(urls) })),
    ];
    return reply.type(XML).header('cache-control', CACHE_CONTROL).send(sitemapIndexXml(entries));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = /^(places|companies)-([1-9]\d{0,4})\.xml$/.exec(request.params.file);
    const chunks = match ? (await model())[match[1] as 'places' | 'companies'] : undefined;
    const urls = match && chunks ? chunks[Number(match[2]) - 1] : undefined;
    if (!urls) return reply.code(404).send({ message: 'No such sitemap' });
    return reply.type(XML).header('cache-control', CACHE_CONTROL).send(urlSetXml(urls));
  });
}
