import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { errorResponses } from '@limo/contracts';

/** A service's route plugin: registers its routes on `app`, with the service's dependencies. */
export type RoutePlugin<Deps> = (app: FastifyInstance, deps: Deps) => Promise<void>;

/** Set on the admin scope's Fastify instance; its child scopes inherit it. */
const ADMIN_SCOPE = Symbol('limo.admin-scope');

/** Whether `instance` is the admin scope or a scope inside it. */
export const inAdminScope = (instance: FastifyInstance): boolean => ADMIN_SCOPE in instance;

/**
 * A service's admin routes behind one guard, as a folder hook (fastify/demo's `routes/api/autohooks.ts`):
 * every route the `plugins` register answers 401 signed out and 403 for any role but admin, before its
 * input is validated, and documents both answers where it documents its answers. No admin route states the role itself; a route
 * under `/api/admin/` registered outside this scope fails at start-up (see createServiceApp).
 */
export function adminScope<Deps extends FastifyPluginOptions>(...plugins: Array<RoutePlugin<Deps>>): RoutePlugin<Deps> {
  return async function adminRoutes(app, deps) {
    app.decorate(ADMIN_SCOPE, true);
    app.addHook('preValidation', app.requireRole('admin'));
    // Added to the answers a route documents; a route that documents none (a file download) keeps
    // OpenAPI's default answer.
    app.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<string, unknown> | undefined;
      if (route.schema && response) route.schema = { ...route.schema, response: { ...response, ...errorResponses(401, 403) } };
    });
    for (const plugin of plugins) await app.register(plugin, deps);
  };
}
