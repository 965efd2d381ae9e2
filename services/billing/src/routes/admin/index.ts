import type { FastifyInstance } from 'fastify';
import type { BillingDeps } from '../../deps.js';
import { apiKeysRoutes } from './api-keys/index.js';
import { businessClaimsRoutes } from './business-claims/index.js';
import { subscribersRoutes } from './subscribers/index.js';

/** Every `/api/admin/*` route of billing, behind one admin guard. */
export async function adminRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.addHook('preHandler', app.requireRole('admin'));
  await app.register(businessClaimsRoutes, deps);
  await app.register(apiKeysRoutes, deps);
  await app.register(subscribersRoutes, deps);
}
