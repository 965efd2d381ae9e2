/**
 * Every path the web app has a screen for (public-side §2 and owner-admin-side §2), in
 * react-router's pattern syntax. The web router declares a route for each, and the gateway answers
 * 404 for any other page path (no soft 404s); `web/src/App.routes.test.tsx` keeps the two in step.
 */
export const APP_ROUTE_PATHS = [
  '/',
  '/login',
  '/company/:id',
  '/limo-service/:state',
  '/limo-service/:state/:city',
  '/request-city-quote',
  '/list-business',
  '/business-listing-form',
  '/business-registration',
  '/register-business',
  '/how-it-works',
  '/support',
  '/contact',
  '/subscribe',
  '/pricing',
  '/checkout',
  '/payment-success',
  '/claim-business',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/admin',
  '/admin-dashboard',
] as const;
export type AppRoutePath = (typeof APP_ROUTE_PATHS)[number];

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return false;
  return parts.every((part, i) => part.startsWith(':') || part === segments[i]);
}

/** The route pattern a page path (without query, trailing slash allowed) belongs to, or undefined. */
export function appRouteOf(pathname: string): AppRoutePath | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return APP_ROUTE_PATHS.find((pattern) => matches(pattern, segments));
}

/**
 * The query of the home page's first search (no filters, no detected city yet): the gateway
 * preloads `GET /api/companies?` + this with the page, so the list does not wait for the script.
 */
export const FIRST_SEARCH_QUERY = 'distance=25&page=1&limit=15';

/**
 * The id of the `<script type="application/json">` in which the gateway serves the home page with
 * that first search's answer (`FirstSearchPayload`), next to its server-rendered markup.
 */
export const FIRST_SEARCH_SCRIPT_ID = 'first-search';

/** The first search as the gateway serves it with the home page. */
export interface FirstSearchPayload {
  /** The body of `GET /api/companies?` + `FIRST_SEARCH_QUERY`. */
  companies: unknown[];
  /** Its `X-Total-Count`, or null when the directory sent none. */
  total: number | null;
}
