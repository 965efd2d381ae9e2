import type { ServiceName } from '@limo/platform';

/**
 * Which service answers which `/api` path (DESIGN.md's table). A prefix matches itself and every
 * path below it (`/api/companies` covers `/api/companies/42/reviews`).
 */
export const routesTable: Record<ServiceName, string[]> = {
  identity: ['/api/me', '/api/login', '/api/register', '/api/logout', '/api/forgot-password', '/api/reset-password', '/api/contact'],
  directory: [
    '/api/companies',
    '/api/all-companies',
    '/api/my-companies',
    '/api/reviews',
    '/api/upload-image',
    '/api/images',
    '/api/geo',
    '/api/places',
    '/api/company-links',
    '/api/admin/companies',
    '/api/admin/export-companies',
    '/api/admin/companies-by-state',
    '/api/admin/pending-reviews',
    '/api/admin/all-reviews',
    '/api/admin/reviews',
    '/api/admin/change-requests',
    '/api/admin/populate-database',
    '/api/admin/audit-verification',
    '/api/admin/listing-verifications',
    '/api/admin/credential-verifications',
    '/api/admin/audit-log',
  ],
  quotes: ['/api/quote-requests', '/api/city-quote-requests', '/api/admin/quote-requests'],
  billing: [
    '/api/create-payment-intent',
    '/api/process-payment-success',
    '/api/webhooks/stripe',
    '/api/create-business-listing',
    '/api/register-business-listing',
    '/api/admin/business-claims',
    '/api/admin/api-keys',
    '/api/admin/subscribers',
    '/api/admin/stats',
    '/api/admin/payments',
    '/api/admin/subscriptions',
    '/api/my-subscription',
    '/api/payments',
    '/api/subscriptions',
    '/api/config/maps-key',
  ],
  // A parametric prefix is more specific than directory's '/api/my-companies' (the router prefers it).
  analytics: ['/api/analytics', '/api/admin/analytics', '/api/my-companies/:id/analytics'],
};

/** Whether `path` is `prefix` or below it; a `:name` segment of the prefix matches any one segment. */
function underPrefix(path: string, prefix: string): boolean {
  const want = prefix.split('/');
  const have = path.split('/');
  if (have.length < want.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]));
}

/** The service that owns `path` (the prefix with the most segments wins), or undefined. */
export function serviceFor(path: string): ServiceName | undefined {
  const clean = path.split('?')[0] ?? path;
  let best: { service: ServiceName; segments: number } | undefined;
  for (const [service, prefixes] of Object.entries(routesTable) as Array<[ServiceName, string[]]>) {
    for (const prefix of prefixes) {
      const segments = prefix.split('/').length;
      if (underPrefix(clean, prefix) && (!best || segments > best.segments)) best = { service, segments };
    }
  }
  return best?.service;
}
