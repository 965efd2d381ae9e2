import {
  COMPANY_NOT_FOUND_META,
  companyIdFromPath,
  companySchema,
  companyJsonLd,
  companyPageMeta,
  jsonLdScriptText,
  pageMeta,
  type CompanySeoInput,
  type PageMeta,
} from '@limo/contracts';
import type { FastifyRequest } from 'fastify';
import { escapeHtml, internalCallHeaders, type Logger } from '@limo/platform';

/** The id the web app uses for its JSON-LD script, so it replaces ours after hydration. */
const JSON_LD_ID = 'structured-data';

/** How long a crawler's page waits for the directory before it gets the generic metadata. */
const COMPANY_FETCH_TIMEOUT_MS = 1500;

/** The fields of `GET /api/companies/{id}` the metadata reads. */
const companySeoSchema = companySchema.pick({
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
});

/** A page as the gateway serves it. */
export interface RenderedPage {
  status: number;
  html: string;
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
}

type CompanyLookup = { found: true; company: CompanySeoInput } | { found: false } | undefined;

/**
 * Puts each route's title, description, canonical link and (on `/company/{id}`) JSON-LD
 * LocalBusiness into the SPA's index.html, so a crawler without JavaScript sees them. Paths no
 * screen answers, and unknown companies, get status 404 with the app's not-found screen.
 */
export function createSeoRenderer(
  options: SeoRendererOptions,
): (path: string, client?: Pick<FastifyRequest, 'ip' | 'id'>) => Promise<RenderedPage> {
  const { indexHtml, directoryUrl, publicUrl, logger } = options;
  const timeoutMs = options.timeoutMs ?? COMPANY_FETCH_TIMEOUT_MS;

  async function lookUp(id: string, client?: Pick<FastifyRequest, 'ip' | 'id'>): Promise<CompanyLookup> {
    try {
      const res = await fetch(`${directoryUrl}/api/companies/${encodeURIComponent(id)}`, {
        headers: options.internalSecret ? internalCallHeaders(options.internalSecret, client) : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 404 || res.status === 400) return { found: false };
      if (!res.ok) throw new Error(`directory answered ${res.status}`);
      return { found: true, company: companySeoSchema.parse(await res.json()) };
    } catch (err) {
      // The page still works without the metadata: the app fetches the company itself.
      logger.warn({ err, companyId: id }, 'company metadata unavailable for the served page');
      return undefined;
    }
  }

  return async (path, client) => {
    const canonical = `${publicUrl}${path === '/' ? '/' : path.replace(/\/+$/, '')}`;
    let meta: PageMeta = pageMeta(path);
    let jsonLd: string | undefined;
    const companyId = companyIdFromPath(path);
    if (companyId) {
      const lookup = await lookUp(companyId, client);
      if (lookup?.found) {
        meta = companyPageMeta(lookup.company);
        jsonLd = jsonLdScriptText(companyJsonLd(lookup.company, canonical));
      } else if (lookup) {
        meta = COMPANY_NOT_FOUND_META;
      }
    }
    return { status: meta.notFound ? 404 : 200, html: renderHead(indexHtml, meta, canonical, jsonLd, options.headTags?.[path]) };
  };
}

/** Replaces the title and description of `html` and adds Open Graph tags, the canonical link and JSON-LD. */
function renderHead(html: string, meta: PageMeta, canonical: string, jsonLd?: string, headTags: readonly string[] = []): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const extra = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    meta.notFound ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    jsonLd ? `<script type="application/ld+json" id="${JSON_LD_ID}">${jsonLd}</script>` : '',
    ...headTags,
  ]
    .filter(Boolean)
    .join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${extra}\n  </head>`);
}
