import type { ServiceName } from '@limo/platform';

/**
 * Which service answers which `/api` path (DESIGN.md's table). A prefix matches itself and every
 * path below it (`/api/companies` covers `/api/companies/42/reviews`).
 */
export const routesTable: Record<ServiceName, string[]> = {
  identity: [
    '/api/me',
    '/api/login',
    '/api/register',
    '/api/logout',
    '/api/forgot-password',
    '/api/reset-password',
    '/api/admin/subscribers',
    '/api/admin/stats',
    '/api/contact',
  ],
  directory: [
    '/api/companies',
    '/api/all-companies',
    '/api/my-companies',
    '/api/reviews',
    '/api/upload-image',
    '/api/images',
    '/api/geo',
    '/api/admin/companies',
    '/api/admin/export-companies',
    '/api/admin/companies-by-state',
    '/api/admin/pending-reviews',
    '/api/admin/all-reviews',
    '/api/admin/reviews',
    '/api/admin/change-requests',
    '/api/admin/populate-database',
    '/api/admin/audit-verification',
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
  ],
  analytics: ['/api/analytics', '/api/admin/analytics'],
};

/** The service that owns `path`, or undefined. */
export function serviceFor(path: string): ServiceName | undefined {
  const clean = path.split('?')[0] ?? path;
  for (const [service, prefixes] of Object.entries(routesTable) as Array<[ServiceName, string[]]>) {
    if (prefixes.some((p) => clean === p || clean.startsWith(`${p}/`))) return service;
  }
  return undefined;
}
