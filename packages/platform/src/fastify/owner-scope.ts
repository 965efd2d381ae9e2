import type { FastifyPluginOptions } from 'fastify';
import { errorResponses } from '@limo/contracts';
import type { RoutePlugin } from './admin-scope.js';

/** Set on the owner scope's Fastify instance; its child scopes inherit it. */
const OWNER_SCOPE = Symbol('limo.owner-scope');

/** Whether `instance` is an owner scope or a scope inside it. */
export const inOwnerScope = (instance: object): boolean => OWNER_SCOPE in instance;

/** URLs only an owner scope may register (the owner's dashboard); one registered outside fails at start-up. */
export const OWNER_ONLY_PREFIX = '/api/my-companies';

/**
 * A service's owner routes (a signed-in user acting on what they own) behind one guard, as `adminScope`
 * is for admins: every route the `plugins` register answers 401 signed out, before its input is
 * validated, and documents that answer. Whether the user owns the company or quote a route acts on
 * stays the route's own check (403 or 404 there). No owner route lists `requireUser` itself; a route
 * under `/api/my-companies` registered outside this scope fails at start-up (see createServiceApp).
 */
export function ownerScope<Deps extends FastifyPluginOptions>(...plugins: Array<RoutePlugin<Deps>>): RoutePlugin<Deps> {
  return async function ownerRoutes(app, deps) {
    app.decorate(OWNER_SCOPE, true);
    app.addHook('preValidation', app.requireUser);
    app.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<string, unknown> | undefined;
      if (route.schema && response) route.schema = { ...route.schema, response: { ...response, ...errorResponses(401) } };
    });
    for (const plugin of plugins) await app.register(plugin, deps);
  };
}
