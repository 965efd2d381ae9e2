import { landingFromPath } from './places.js';
import { appRouteOf } from './routes.js';

/**
 * Search-engine metadata per route, shared by the web app (document.title on navigation) and the
 * gateway (the served HTML, so a crawler without JavaScript sees the same title and description).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** True when the path is no screen of the product: the not-found screen, answered with 404. */
  notFound?: boolean;
}

export const SITE_NAME = 'LimoDirectory';

const HOME_META: PageMeta = {
  title: 'LimoDirectory — Limousine & Chauffeur Companies Across the USA',
  description:
    'Find, compare and request free quotes from limousine, party bus and chauffeur companies in every US city. Read real reviews; no account needed.',
};

const STATIC_META: Record<string, PageMeta> = {
  '/': HOME_META,
  '/login': {
    title: `Sign In or Create a Business Account | ${SITE_NAME}`,
    description: 'Sign in to LimoDirectory, or create a free business account to list your limousine company.',
  },
  '/request-city-quote': {
    title: `Request Limo Quotes From Every Company in Your City | ${SITE_NAME}`,
    description: 'Send one free quote request to every limousine company in your city and compare their offers within 24 hours.',
  },
  '/list-business': {
    title: `List Your Limousine Business | ${SITE_NAME}`,
    description:
      'Register your limousine or chauffeur company on LimoDirectory and start receiving quote requests from customers near you.',
  },
  '/how-it-works': {
    title: `How It Works | ${SITE_NAME}`,
    description: 'How customers find and book limousine companies on LimoDirectory, and how limousine businesses get new customers.',
  },
  '/support': {
    title: `Support | ${SITE_NAME}`,
    description:
      'Contact LimoDirectory support by e-mail, 7 days a week, with an average response within 24 hours. Answers for customers and businesses.',
  },
  '/subscribe': {
    title: `Premium Listings for Limousine Businesses | ${SITE_NAME}`,
    description: 'Reach more customers with a premium LimoDirectory listing for $75 per year. Cancel anytime.',
  },
  '/pricing': {
    title: `Pricing | ${SITE_NAME}`,
    description: 'A premium LimoDirectory listing costs $75 per year, renewed automatically, cancel anytime.',
  },
  '/claim-business': {
    title: `Claim Your Business | ${SITE_NAME}`,
    description: 'Claim your limousine company listing on LimoDirectory for $75.',
  },
  '/forgot-password': { title: `Forgot Password | ${SITE_NAME}`, description: 'Reset the password of your LimoDirectory account.' },
  '/reset-password': { title: `Reset Password | ${SITE_NAME}`, description: 'Choose a new password for your LimoDirectory account.' },
  '/contact': {
    title: `Contact Sales | ${SITE_NAME}`,
    description: 'Talk to the LimoDirectory team about premium listings for your limousine business.',
  },
};
STATIC_META['/business-listing-form'] = STATIC_META['/list-business']!;

const COMPANY_PATH = /^\/company\/([^/]+)$/;

/** The company id of a `/company/{id}` path, or undefined. */
export function companyIdFromPath(pathname: string): string | undefined {
  const match = COMPANY_PATH.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

export const NOT_FOUND_META: PageMeta = {
  title: `404 Page Not Found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist. Browse limousine companies across the USA on LimoDirectory.',
  notFound: true,
};

export const COMPANY_NOT_FOUND_META: PageMeta = {
  title: `Company Not Found | ${SITE_NAME}`,
  description: 'This limousine company is not listed on LimoDirectory. Browse other companies near you.',
  notFound: true,
};

/** Title and description of any path (company pages get theirs from `companyPageMeta`). */
export function pageMeta(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = Object.hasOwn(STATIC_META, path) ? STATIC_META[path] : undefined;
  if (known) return known;
  if (companyIdFromPath(path)) return { title: `Limousine Company | ${SITE_NAME}`, description: HOME_META.description };
  // `/limo-service/florida`, `/limo-service/fl/miami%20beach`: no landing page has such a URL.
  if (/^\/limo-service(\/|$)/i.test(path))
    return landingFromPath(path) ? { title: `Limousine Service | ${SITE_NAME}`, description: HOME_META.description } : NOT_FOUND_META;
  // Screens without their own metadata are not for search engines (owner and admin areas, checkout steps).
  if (appRouteOf(path)) return { title: SITE_NAME, description: HOME_META.description };
  return NOT_FOUND_META;
}

/** The company fields the metadata reads; a structural subset of the company detail. */
export interface CompanySeoInput {
  id: string;
  name: string;
  description?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  priceRange?: string | null;
  imageUrl?: string | null;
  rating?: number | null;
  reviewCount?: number | null;
  /** The approved reviews, newest first: the first few go into the structured data. */
  reviews?: ReadonlyArray<{ rating: number; reviewerName: string; comment: string | null; createdAt: string }>;
}

/** Reviews a company page's LocalBusiness carries (the ones shown first on the page). */
export const JSON_LD_REVIEWS = 5;

const place = (c: CompanySeoInput) => [c.city, c.state].filter(Boolean).join(', ');

/** Title and description of a company page. */
export function companyPageMeta(company: CompanySeoInput): PageMeta {
  const where = place(company);
  const rated =
    company.reviewCount && company.rating
      ? ` Rated ${company.rating.toFixed(1)}/5 from ${company.reviewCount} review${company.reviewCount === 1 ? '' : 's'}.`
      : '';
  const about = company.description?.trim() || 'Professional limousine services for all occasions.';
  const description = `${company.name}${where ? ` in ${where}` : ''}: ${about}${rated} Request a free quote on ${SITE_NAME}.`;
  return {
    title: `${company.name}${where ? ` — Limousine Service in ${where}` : ''} | ${SITE_NAME}`,
    description: description.length > 300 ? `${description.slice(0, 297)}...` : description,
  };
}

const numberOrUndefined = (value: number | string | null | undefined) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * schema.org LocalBusiness for a company page, with its AggregateRating when it has approved
 * reviews (a rating over zero reviews is invalid structured data).
 */
export function companyJsonLd(company: CompanySeoInput, pageUrl?: string): Record<string, unknown> {
  const latitude = numberOrUndefined(company.latitude);
  const longitude = numberOrUndefined(company.longitude);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: company.name,
    description: company.description || undefined,
    url: pageUrl,
    telephone: company.phone || undefined,
    email: company.email || undefined,
    image: company.imageUrl || undefined,
    priceRange: company.priceRange || undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address || undefined,
      addressLocality: company.city || undefined,
      addressRegion: company.state || undefined,
      postalCode: company.zipCode || undefined,
      addressCountry: 'US',
    },
    geo: latitude !== undefined && longitude !== undefined ? { '@type': 'GeoCoordinates', latitude, longitude } : undefined,
    sameAs: company.website || undefined,
  };
  if (company.reviewCount && company.reviewCount > 0 && company.rating) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(company.rating * 10) / 10,
      reviewCount: company.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
    const reviews = (company.reviews ?? []).slice(0, JSON_LD_REVIEWS);
    if (reviews.length) {
      ld.review = reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.reviewerName || 'Anonymous' },
        datePublished: r.createdAt.slice(0, 10),
        reviewBody: r.comment || undefined,
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      }));
    }
  }
  return JSON.parse(JSON.stringify(ld)) as Record<string, unknown>;
}

/** JSON-LD as text safe inside a `<script>` element (no `</script>` or `<!--` can close it). */
export function jsonLdScriptText(ld: Record<string, unknown>): string {
  return scriptJsonText(ld);
}

/**
 * JSON text safe inside an HTML `<script>` element: `<`, `>` and `&` are escaped, so no value can
 * close the element (`</script>`) or open a comment, and the line separators JavaScript refuses.
 */
export function scriptJsonText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
