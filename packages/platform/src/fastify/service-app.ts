import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import secureJsonParse from 'secure-json-parse';
import { ZodError } from 'zod';
import { fastPathOf, findMalformedText, type Role } from '@limo/contracts';
import type { Config } from '../config/config.js';
import { HttpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { registerHttpMetrics } from '../metrics/http-metrics.js';
import type { Cache } from '../ports/cache.port.js';
import { inAdminScope } from './admin-scope.js';
import { inOwnerScope, OWNER_ONLY_PREFIX } from './owner-scope.js';
import { clientClosed, endClientClosed } from './client-closed.js';
import { overloadLimits } from '../config/overload.js';
import { isUnderPressure, registerOverloadProtection } from './overload.js';
import { hasInternalSecret } from './internal.js';
import { registerReadiness, type EngineCheck } from './readiness.js';
import { markPrivateAnswers } from './private-answers.js';
import { requestIdOf } from './request-id.js';
import { serverTimeouts } from '../config/server-timeouts.js';
import { traceRequests } from '../tracing/trace-requests.js';
import { isSessionVoid, SESSION_COOKIE, verifySession, type SessionUser } from './session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set from the verified session cookie only. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 when signed out, 403 when the role is not one of `roles`. */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 when signed out. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export interface ServiceAppOptions {
  name: string;
  config: Config;
  logger: Logger;
  cache: Cache;
  /** Largest accepted body in bytes (JSON). Default 100 KB. */
  bodyLimit?: number;
  description?: string;
  /** What the service adds to its `/healthz` answer (counts an operator watches, e.g. dead letters). */
  health?: () => Record<string, unknown>;
  /** The engines `/readyz` asks (the service's store, bus, cache and the engines of its needs). */
  readiness?: readonly EngineCheck[];
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * A Fastify app with everything our services share: zod validation with the schemas' own messages,
 * one error shape, request ids, the session user, role guards, the Origin check on state-changing
 * requests, OpenAPI at `/openapi.json`, `/healthz` (alive) and `/readyz` (its engines answer), request
 * metrics, and load shedding (503 when overloaded).
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<FastifyInstance> {
  const { config, cache } = options;
  // Typed as fastify's logger so the instance's logger parameter is fastify's, not pino's.
  const loggerInstance: FastifyBaseLogger = options.logger.child({ service: options.name });
  const app = Fastify({
    ...serverTimeouts(config),
    loggerInstance,
    bodyLimit: options.bodyLimit ?? 100 * 1024,
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  // A span per request when tracing is on (its hook first, so everything after runs inside it).
  traceRequests(app, options.name);
  // First: an overloaded process refuses at once (503, Retry-After) before doing any work on a request.
  await registerOverloadProtection(app, options.name, overloadLimits(config));
  registerHttpMetrics(app, options.name);
  // A schema whose refinement throws on input of the wrong shape (a field read on null) is a 400
  // for that input, not a 500.
  // Only the gateway (it holds INTERNAL_SECRET) may say who the client is: from anyone else the
  // X-Forwarded-* headers are dropped before anything reads request.ip, so a service reached directly
  // cannot be used to dodge the per-IP limits.
  app.addHook('onRequest', async (request) => {
    if (hasInternalSecret(request, config.INTERNAL_SECRET)) return;
    for (const header of FORWARDED_HEADERS) delete request.raw.headers[header];
  });
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    // Headers arrive as Latin-1 (a UTF-8 header's bytes read as C1 characters): only what the client
    // wrote as text (body, query, parameters) must be well-formed Unicode.
    const textPart = route.httpPart !== 'headers';
    // A hot route's hand-written check of its common shape (the track bodies): the schema's output
    // without zod's cost, or undefined and the schema decides (see withFastPath).
    const fast = fastPathOf(route.schema);
    return (data: unknown) => {
      const malformed = textPart ? findMalformedText(data) : undefined;
      if (malformed) return { error: new HttpError(400, malformed.message, [malformed]) };
      const value = fast?.(data);
      if (value !== undefined) return { value };
      try {
        return validate(data);
      } catch {
        return { error: new HttpError(400, `Invalid request ${route.httpPart === 'body' ? 'body' : route.httpPart}`) };
      }
    };
  });
  app.setSerializerCompiler(serializerCompiler);
  // JSON (and multipart where a route registers it) only: a text body is a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  // Clients that always send `Content-Type: application/json` send it on body-less calls too (logout,
  // approve, delete): an empty body is no body, not malformed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      // As Fastify's own parser: `__proto__` and `constructor.prototype` keys are refused.
      done(null, secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, 'Request body is not valid JSON'), undefined);
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `LimoDirectory ${options.name}`, version: '1.0.0', description: options.description },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(cookie);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = verifySession(token, config.JWT_SECRET);
    if (user && !(await isSessionVoid(user, cache))) request.user = user;
  });
  markPrivateAnswers(app);

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isAllowedOrigin(request, config.allowedOrigins)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
  });

  // Role guards run before the body is validated (routes list them as preHandler; they are moved to
  // preValidation): a signed-out caller gets 401, a wrong role 403, never the body's validation errors.
  const guards = new WeakSet<object>();
  const requireUser = async (request: FastifyRequest) => {
    if (!request.user) throw new HttpError(401, 'Not authenticated');
  };
  guards.add(requireUser);
  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (...roles: Role[]) => {
    const guard = async (request: FastifyRequest) => {
      if (!request.user) throw new HttpError(401, 'Not authenticated');
      if (!roles.includes(request.user.role)) throw new HttpError(403, 'You do not have permission to do this');
    };
    guards.add(guard);
    return guard;
  });
  app.addHook('onRoute', (route) => {
    const pre = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    const moving = pre.filter((h) => guards.has(h));
    const validation =
      route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    const body = route.schema?.body;
    const bodyCheck = isZodSchema(body) && !accepts(body, undefined) && !accepts(body, null) ? [requireBody] : [];
    if (moving.length === 0 && bodyCheck.length === 0) return;
    route.preHandler = pre.filter((h) => !guards.has(h));
    route.preValidation = [...moving, ...bodyCheck, ...validation];
  });

  // Admin routes take their guard from one place: one registered outside the admin scope would be open.
  app.addHook('onRoute', function (route) {
    if (route.url.startsWith('/api/admin/') && !inAdminScope(this)) {
      throw new Error(`${String(route.method)} ${route.url} is outside the admin scope: register it through adminScope(...)`);
    }
  });
  // Likewise the owner's dashboard routes: one registered outside the owner scope would be open.
  app.addHook('onRoute', function (route) {
    if (route.url.startsWith(OWNER_ONLY_PREFIX) && !inOwnerScope(this)) {
      throw new Error(`${String(route.method)} ${route.url} is outside the owner scope: register it through ownerScope(...)`);
    }
  });

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, options.name));
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });

  app.get('/healthz', { schema: { hide: true }, config: { answersUnderPressure: true } }, async () => ({
    status: 'ok',
    service: options.name,
    underPressure: isUnderPressure(app),
    ...options.health?.(),
  }));
  registerReadiness(app, options.name, options.readiness ?? []);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}

/**
 * A route with a body schema gets a 400 with one clear message for a missing, empty or `null` body,
 * before any refinement of its schema runs on it.
 */
async function requireBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) {
    throw new HttpError(400, 'Request body is required: send a JSON object');
  }
}

function accepts(schema: { safeParse(input: unknown): { success: boolean } }, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

function isZodSchema(value: unknown): value is { safeParse(input: unknown): { success: boolean } } {
  return typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

/**
 * CSRF check of a state-changing request: a browser's Origin must be one of the allowed origins
 * (PUBLIC_URL, ALLOWED_ORIGINS), compared as scheme + host + port. Never the Host header: a client
 * controls it. Requests without Origin (curl, services) pass; `Origin: null` does not.
 */
export function isAllowedOrigin(request: FastifyRequest, allowed: readonly string[]): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return allowed.includes(new URL(origin).origin);
  } catch {
    return false;
  }
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, service: string): void {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The library types `validation` through `fastify/types/schema`, a path fastify's exports do not
    // resolve; fastify's own FastifyError names the same array.
    const { validation } = error as Required<Pick<FastifyError, 'validation'>>;
    const errors = validation.map((v) => ({
      field:
        v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
        (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
        '',
      message: v.message ?? 'Invalid value',
    }));
    void reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    return;
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    void reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    return;
  }
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    return;
  }
  const e = error as { statusCode?: number; code?: string; message?: string };
  const status = e.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (e.message ?? '').includes('JSON')
        ? 'Request body is not valid JSON'
        : e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : (e.message ?? 'Bad request');
    void reply.code(status).send({ message });
    return;
  }
  if (clientClosed(request)) return endClientClosed(reply, service);
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
