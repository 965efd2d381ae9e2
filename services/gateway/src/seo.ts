import {
  COMPANY_NOT_FOUND_META,
  cityJsonLd,
  cityPageMeta,
  cityPageResponseSchema,
  companyIdFromPath,
  companySchema,
  companyJsonLd,
  companyPageMeta,
  homeJsonLd,
  jsonLdScriptText,
  landingFromPath,
  landingPathOf,
  pageMeta,
  reviewSchema,
  SITE_NAME,
  stateJsonLd,
  statePageMeta,
  stateSummarySchema,
  type PageData,
  type PageMeta,
} from '@limo/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { escapeHtml, internalCallHeaders, type Logger } from '@limo/platform';

/** The id the web app uses for its JSON-LD script, so it replaces ours after hydration. */
const JSON_LD_ID = 'structured-data';

/** How long a crawler's page waits for the directory before it gets the generic metadata. */
const COMPANY_FETCH_TIMEOUT_MS = 1500;

/** The fields of `GET /api/companies/{id}` the metadata reads. */
const companySeoSchema = companySchema
  .pick({
    id: true,
    name: true,
    description: true,
    phone: true,
    email: true,
    website: true,
    address: true,
    city: true,
    state: true,
    zipCode: true,
    latitude: true,
    longitude: true,
    priceRange: true,
    imageUrl: true,
    rating: true,
    reviewCount: true,
  })
  .extend({ reviews: reviewSchema.pick({ rating: true, reviewerName: true, comment: true, createdAt: true }).array().optional() });

/** A page as the gateway serves it. */
export interface RenderedPage {
  status: number;
  html: string;
  /** The one URL of this page when the request spelled it otherwise (a 301 to it). */
  redirect?: string;
  /** What the app renders this page with on the server (undefined: the app renders it in the browser). */
  data?: PageData;
}

export interface SeoRendererOptions {
  /** The built SPA's index.html. */
  indexHtml: string;
  /** Base URL of the directory service. */
  directoryUrl: string;
  /** The site's public origin, for canonical links and the JSON-LD url. */
  publicUrl: string;
  logger: Logger;
  /** INTERNAL_SECRET: the lookup is made on the visitor's behalf (their address counts at the directory). */
  internalSecret?: string;
  timeoutMs?: number;
  /** Extra `<head>` tags for some paths (the home page's preloads). */
  headTags?: Record<string, readonly string[]>;
  /** Extra `<head>` tags for the pages rendered with data of a kind (the preloads of their screen's code). */
  pageTags?: Partial<Record<PageData['kind'], readonly string[]>>;
}

type Lookup<T> = { found: true; value: T; raw: unknown } | { found: false } | undefined;
type Client = Pick<FastifyRequest, 'ip' | 'id'>;

/** What one page's head says. */
interface Head {
  meta: PageMeta;
  canonical: string;
  jsonLd?: Record<string, unknown>;
  data?: PageData;
}

/**
 * Puts each route's title, description, canonical link, Open Graph and Twitter tags and JSON-LD
 * into the SPA's index.html, so a crawler without JavaScript sees them: LocalBusiness on
 * `/company/{id}`, ItemList and BreadcrumbList on `/limo-service/{state}[/{city}]`, WebSite and
 * Organization on `/`. Company and landing pages also get the data the app renders them with.
 * Paths no screen answers, and unknown companies, states and cities, get status 404 with the app's
 * not-found screen; a landing page spelled otherwise than its one URL is redirected there.
 */
export function createSeoRenderer(options: SeoRendererOptions): (path: string, client?: Client, search?: string) => Promise<RenderedPage> {
  const { indexHtml, directoryUrl, publicUrl, logger } = options;
  const timeoutMs = options.timeoutMs ?? COMPANY_FETCH_TIMEOUT_MS;

  async function lookUp<S extends z.ZodType>(url: string, schema: S, client: Client | undefined): Promise<Lookup<z.output<S>>> {
    try {
      const res = await fetch(`${directoryUrl}${url}`, {
        headers: options.internalSecret ? internalCallHeaders(options.internalSecret, client) : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 404 || res.status === 400) return { found: false };
      if (!res.ok) throw new Error(`directory answered ${res.status}`);
      const raw: unknown = await res.json();
      return { found: true, value: schema.parse(raw), raw };
    } catch (err) {
      // The page still works without the metadata: the app fetches the data itself.
      logger.warn({ err, url }, 'page metadata unavailable for the served page');
      return undefined;
    }
  }

  async function companyHead(id: string, canonical: string, client?: Client): Promise<Head> {
    const lookup = await lookUp(`/api/companies/${encodeURIComponent(id)}`, companySeoSchema, client);
    if (!lookup) return { meta: pageMeta(`/company/${id}`), canonical };
    if (!lookup.found) return { meta: COMPANY_NOT_FOUND_META, canonical, data: { kind: 'company', id, company: null } };
    return {
      meta: companyPageMeta(lookup.value),
      canonical,
      jsonLd: companyJsonLd(lookup.value, canonical),
      data: { kind: 'company', id, company: lookup.raw },
    };
  }

  async function landingHead(path: string, search: URLSearchParams, client?: Client): Promise<Head | { redirect: string }> {
    const landing = landingFromPath(path)!;
    const rawPage = search.get('page');
    const page = rawPage === null ? 1 : /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : undefined;
    const onePath = landingPathOf(landing);
    const oneUrl = `${onePath}${landing.kind === 'city' && page !== undefined && page > 1 ? `?page=${page}` : ''}`;
    const notFound = (title: string): Head => ({
      meta: { title: `${title} | ${SITE_NAME}`, description: pageMeta('/no-such-page').description, notFound: true },
      canonical: `${publicUrl}${onePath}`,
    });
    if (page === undefined) return notFound('Page Not Found');
    // Upper case, a trailing slash or `?page=1`: the page's one URL instead (other parameters are not part of it).
    if (path !== onePath || rawPage === '1') return { redirect: oneUrl };
    const canonical = `${publicUrl}${oneUrl}`;
    if (landing.kind === 'state') {
      const lookup = await lookUp(`/api/places/${landing.state}`, stateSummarySchema, client);
      if (!lookup) return { meta: pageMeta(path), canonical };
      if (!lookup.found) return { ...notFound('State Not Found'), data: { kind: 'state', state: landing.state, summary: null } };
      return {
        meta: statePageMeta(lookup.value),
        canonical,
        jsonLd: stateJsonLd(lookup.value, publicUrl),
        data: { kind: 'state', state: landing.state, summary: lookup.value },
      };
    }
    const lookup = await lookUp(`/api/places/${landing.state}/${landing.city}?page=${page}`, cityPageResponseSchema, client);
    const data = { kind: 'city', state: landing.state, city: landing.city, page } as const;
    if (!lookup) return { meta: pageMeta(path), canonical };
    if (!lookup.found) return { ...notFound('City Not Found'), data: { ...data, data: null } };
    return {
      meta: cityPageMeta(lookup.value),
      canonical,
      jsonLd: cityJsonLd(lookup.value, publicUrl),
      data: { ...data, data: lookup.value },
    };
  }

  return async (path, client, searchText = '') => {
    const canonical = `${publicUrl}${path === '/' ? '/' : path.replace(/\/+$/, '')}`;
    let head: Head = { meta: pageMeta(path), canonical };
    const companyId = companyIdFromPath(path);
    if (path === '/') head.jsonLd = homeJsonLd(publicUrl);
    else if (companyId) head = await companyHead(companyId, canonical, client);
    else if (landingFromPath(path)) {
      const landing = await landingHead(path, new URLSearchParams(searchText), client);
      if ('redirect' in landing) return { status: 301, html: '', redirect: landing.redirect };
      head = landing;
    }
    // Every other unknown path is rendered as the app's not-found screen too.
    if (head.meta.notFound && !head.data) head.data = { kind: 'none' };
    const tags = [...(options.headTags?.[path] ?? []), ...((head.data && options.pageTags?.[head.data.kind]) ?? [])];
    const html = renderHead(indexHtml, head, tags);
    return { status: head.meta.notFound ? 404 : 200, html, data: head.data };
  };
}

/** Replaces the title and description of `html` and adds Open Graph and Twitter tags, the canonical link and JSON-LD. */
function renderHead(html: string, { meta, canonical, jsonLd }: Head, headTags: readonly string[] = []): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const extra = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    meta.notFound ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    jsonLd ? `<script type="application/ld+json" id="${JSON_LD_ID}">${jsonLdScriptText(jsonLd)}</script>` : '',
    ...headTags,
  ]
    .filter(Boolean)
    .join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${extra}\n  </head>`);
}
