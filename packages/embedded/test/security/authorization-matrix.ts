/**
 * The authorization matrix: for every route of the merged OpenAPI (`/api/docs/json`), the status each
 * identity gets. Columns: anonymous, a signed-in user without a company, the owner of the target,
 * another owner, the admin. `authorization.int.test.ts` calls every route as each identity (the
 * target of `{id}` belongs to the owner; the body is `{}` unless the test has a valid sample, and role
 * guards answer before validation) and compares with this table.
 *
 * A new route fails the test until it has a row here: the failure prints the row measured now, to be
 * checked and pasted. Keep the rows sorted by path.
 */
export type MatrixRow = readonly [anonymous: number, user: number, owner: number, otherOwner: number, admin: number];

export const MATRIX_FILE = 'packages/embedded/test/security/authorization-matrix.ts';

export const AUTHORIZATION_MATRIX: Readonly<Record<string, MatrixRow>> = {
  'GET /api/admin/all-reviews': [401, 403, 403, 403, 200],
  'POST /api/admin/audit-verification': [401, 403, 403, 403, 200],
  'GET /api/admin/change-requests': [401, 403, 403, 403, 200],
  'POST /api/admin/change-requests/{id}/approve': [401, 403, 403, 403, 200],
  'POST /api/admin/change-requests/{id}/reject': [401, 403, 403, 403, 200],
  'GET /api/admin/companies': [401, 403, 403, 403, 200],
  'POST /api/admin/companies': [401, 403, 403, 403, 400],
  'GET /api/admin/companies-by-state': [401, 403, 403, 403, 200],
  'DELETE /api/admin/companies/{id}': [401, 403, 403, 403, 200],
  'PUT /api/admin/companies/{id}': [401, 403, 403, 403, 200],
  'PUT /api/admin/companies/{id}/suspend': [401, 403, 403, 403, 200],
  'PUT /api/admin/companies/{id}/unsuspend': [401, 403, 403, 403, 200],
  'GET /api/admin/export-companies': [401, 403, 403, 403, 200],
  'GET /api/admin/pending-reviews': [401, 403, 403, 403, 200],
  'POST /api/admin/populate-database': [401, 403, 403, 403, 200],
  'GET /api/admin/quote-requests': [401, 403, 403, 403, 200],
  'PUT /api/admin/quote-requests/{id}': [401, 403, 403, 403, 200],
  'DELETE /api/admin/reviews/{id}': [401, 403, 403, 403, 200],
  'POST /api/admin/reviews/{id}/approve': [401, 403, 403, 403, 200],
  'POST /api/admin/reviews/{id}/reject': [401, 403, 403, 403, 200],
  'GET /api/admin/stats': [401, 403, 403, 403, 200],
  'GET /api/admin/subscribers': [401, 403, 403, 403, 200],
  'GET /api/all-companies': [200, 200, 200, 200, 200],
  'POST /api/city-quote-requests': [400, 400, 400, 400, 400],
  'GET /api/companies': [200, 200, 200, 200, 200],
  'POST /api/companies': [401, 201, 201, 201, 403],
  'GET /api/companies/{id}': [200, 200, 200, 200, 200],
  'PUT /api/companies/{id}': [401, 403, 202, 403, 200],
  'GET /api/companies/{id}/reviews': [200, 200, 200, 200, 200],
  'POST /api/forgot-password': [400, 400, 400, 400, 400],
  'GET /api/geo/cities': [400, 400, 400, 400, 400],
  'GET /api/geo/reverse': [400, 400, 400, 400, 400],
  'GET /api/images/{id}': [404, 404, 404, 404, 404],
  'POST /api/login': [400, 400, 400, 400, 400],
  'POST /api/logout': [200, 200, 200, 200, 200],
  'GET /api/me': [401, 200, 200, 200, 200],
  'GET /api/my-companies': [401, 200, 200, 200, 200],
  'GET /api/quote-requests': [401, 200, 200, 200, 200],
  'POST /api/quote-requests': [201, 201, 201, 201, 201],
  'GET /api/quote-requests/summary': [401, 404, 200, 200, 404],
  'DELETE /api/quote-requests/{id}': [401, 404, 200, 404, 404],
  'PUT /api/quote-requests/{id}': [401, 404, 200, 404, 404],
  'POST /api/register': [400, 400, 400, 400, 400],
  'POST /api/reset-password': [400, 400, 400, 400, 400],
  'POST /api/reviews': [201, 201, 201, 201, 201],
  'POST /api/upload-image': [401, 400, 400, 400, 400],
};
