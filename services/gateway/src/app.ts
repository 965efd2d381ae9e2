import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Pool } from 'undici';
import { DEFAULT_MAP_STYLE_URL } from '@limo/contracts';
import {
  clientClosed,
  endClientClosed,
  enforceRateLimits,
  HttpError,
  INTERNAL_HEADER,
  isUnderPressure,
  overloadLimits,
  registerCompression,
  registerHttpMetrics,
  registerOverloadProtection,
  requestIdOf,
  serviceNames,
  serverTimeouts,
  traceHeaders,
  traceRequests,
  UPSTREAM_IDLE_TIMEOUT_MS,
  type Config,
  type EngineCheck,
  type Logger,
  type RateLimiter,
  type ServiceName,
} from '@limo/platform';
import { ExpensiveInFlight, requestCost } from './expensive-routes.js';
import { checkServices } from './health.js';
import { retriesOnAnotherInstance, ServiceInstances } from './instances.js';
import { checkReadiness } from './readiness.js';
import { MergedOpenApi } from './openapi.js';
import { routesTable } from './routes-table.js';
import { createHomeRenderer, pickEncoding } from './home-render.js';
import { homePreloadTags, pagePreloadTags } from './preload.js';
import { registerSecurityHeaders } from './security-headers.js';
import { createPageRenderer } from './page-render.js';
import { createSeoRenderer, type RenderedPage } from './seo.js';
import { registerSignedInMark } from './signed-in-mark.js';
import { registerSiteFiles } from './site-files.js';
import type { GatewaySettings } from './settings.js';

/** Largest JSON body a service accepts (services' own bodyLimit). */
const MAX_JSON_BYTES = 100 * 1024;
/** A 5 MB image plus multipart overhead. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024 + 64 * 1024;

/** The body limit for a content type: an image upload or JSON. */
const bodyLimitOf = (contentType: string | undefined) =>
  String(contentType ?? '').startsWith('multipart/') ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES;
const tooLargeMessage = (contentType: string | undefined) =>
  String(contentType ?? '').startsWith('multipart/') ? 'Please select an image smaller than 5MB' : 'Request body is too large';

/** An error Fastify answers with its status code and message. */
class HttpStatusError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function withoutHeader<T extends Record<string, unknown>>(headers: T, name: string): T {
  const copy = { ...headers };
  delete copy[name];
  return copy;
}

/** A request Fastify refused before any route (a URL it cannot decode), in the one error shape. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(error.statusCode ?? 400)
    .send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Bad request: the URL is not valid' : error.message });
}

/**
 * Connections kept open to each service instance (keep-alive; requests queue beyond that). An idle one
 * is dropped after UPSTREAM_IDLE_TIMEOUT_MS, well before the service drops it (HTTP_KEEP_ALIVE_TIMEOUT_MS,
 * at least a second longer, 72 s by default): undici would otherwise follow the service's `Keep-Alive:
 * timeout=72` hint less 2 s, too thin a margin on a loaded machine.
 */
const POOL_OPTIONS: Pool.Options = {
  connections: 128,
  keepAliveTimeout: UPSTREAM_IDLE_TIMEOUT_MS,
  keepAliveMaxTimeout: UPSTREAM_IDLE_TIMEOUT_MS,
  pipelining: 1,
};

/**
 * The instances the gateway balances a service's requests over: every URL of `<NAME>_URL`, unless the
 * caller moved the service (the embedded profile learns its ports at start-up and sets serviceUrls).
 */
function upstreamsOf(config: Pick<Config, 'serviceUrls' | 'serviceUpstreams'>, service: ServiceName): string[] {
  const listed = config.serviceUpstreams?.[service];
  return listed && listed[0] === config.serviceUrls[service] ? listed : [config.serviceUrls[service]];
}

export interface GatewayOptions {
  config: Config;
  logger: Logger;
  limiter: RateLimiter;
  /** The gateway's own settings it reads here (see `gatewayEnvSchema`). */
  settings: Pick<GatewaySettings, 'RATE_LIMIT_PER_MINUTE'> &
    Partial<Pick<GatewaySettings, 'EXPENSIVE_RATE_LIMIT_PER_MINUTE' | 'EXPENSIVE_CONCURRENCY_PER_ADDRESS' | 'MAP_STYLE_URL'>>;
  /** The built SPA (`web/dist`); served with an index.html fallback when present. */
  webDist?: string;
  /** The gateway's own engines `/readyz` asks besides the services (its rate limiter's Redis). */
  readiness?: readonly EngineCheck[];
}

/**
 * The only public entry: proxies `/api/*` to the owning service, rate limits per client IP, gives
 * every request an id, serves the SPA, reports health and the merged OpenAPI at `/api/docs`.
 */
export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { config, limiter } = options;
  const { RATE_LIMIT_PER_MINUTE: perMinute } = options.settings;
  const expensivePerMinute = options.settings.EXPENSIVE_RATE_LIMIT_PER_MINUTE ?? Math.max(1, Math.floor(perMinute / 5));
  const expensiveRunning = new ExpensiveInFlight(options.settings.EXPENSIVE_CONCURRENCY_PER_ADDRESS ?? 4);
  // Typed as fastify's logger so the instance's logger parameter is fastify's, not pino's.
  const loggerInstance: FastifyBaseLogger = options.logger.child({ service: 'gateway' });
  const app = Fastify({
    ...serverTimeouts(config),
    loggerInstance,
    // A client's X-Request-Id is kept only when it is a safe token; otherwise one is made.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // The gateway is the edge: a client's own X-Forwarded-For is not believed.
    trustProxy: false,
    bodyLimit: 6 * 1024 * 1024,
    // A path Fastify cannot decode (`/%`, overlong UTF-8 such as `%c0%ae%c0%ae`) answers in the one
    // error shape, `{ message }`, not Fastify's own `{ error, code, message, statusCode }`.
    frameworkErrors: answerFrameworkError,
  });
  // A span per request when tracing is on (first, so the proxied call continues it).
  traceRequests(app, 'gateway');
  // First: an overloaded process refuses at once (503, Retry-After) before doing any work on a request.
  await registerOverloadProtection(app, 'gateway', overloadLimits(config));
  registerHttpMetrics(app, 'gateway');
  // Before every route (the proxied ones included): answers of 1 KB or more go out brotli or gzip.
  await registerCompression(app);

  registerSecurityHeaders(app, {
    https: config.PUBLIC_URL.startsWith('https://'),
    mapStyleUrl: options.settings.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL,
  });

  registerSignedInMark(app, config);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!request.url.startsWith('/api/')) return;
    // Refuse an oversized body before proxying it: a service that stops reading mid-stream would
    // otherwise surface as a 502 instead of the 413 the client should see.
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > bodyLimitOf(request.headers['content-type'])) {
      return reply
        .code(413)
        .header('connection', 'close')
        .send({ message: tooLargeMessage(request.headers['content-type']) });
    }
    const result = await limiter.hit(`rl:gateway:ip:${request.ip}`, perMinute, 60_000);
    reply.header('x-ratelimit-limit', perMinute);
    reply.header('x-ratelimit-remaining', result.remaining);
    if (!result.allowed) {
      reply.header('retry-after', Math.max(1, Math.ceil(result.resetMs / 1000)));
      return reply.code(429).send({ message: 'Too many requests. Please slow down and try again in a minute.' });
    }
    const cost = requestCost(request.method, request.url);
    if (cost === 0) return;
    // A burst of expensive requests from one address would queue everyone behind it: a few at a time.
    if (!expensiveRunning.enter(request.ip)) {
      return reply
        .code(429)
        .header('retry-after', 1)
        .send({ message: 'Too many large searches at once. Please wait for the ones running to finish.' });
    }
    // 'close' comes once the answer is sent or the client went away, whichever ends the request.
    reply.raw.once('close', () => expensiveRunning.leave(request.ip));
    try {
      await enforceRateLimits(limiter, reply, [
        {
          key: `gateway:expensive:ip:${request.ip}`,
          limit: expensivePerMinute,
          windowMs: 60_000,
          cost,
          message: 'Too many large searches. Please wait a moment and try again.',
        },
      ]);
    } catch (error) {
      // Answered here: the proxied routes were registered before the error handler below.
      if (!(error instanceof HttpError)) throw error;
      return reply.code(error.statusCode).send({ message: error.message });
    }
  });

  // A body without Content-Length (chunked) is read here up to the limit, then proxied with its
  // length: past the limit the client gets a 413 from the gateway, not a service's reset mid-stream.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (
      !request.url.startsWith('/api/') ||
      request.headers['content-length'] !== undefined ||
      request.headers['transfer-encoding'] === undefined
    )
      return payload;
    const limit = bodyLimitOf(request.headers['content-type']);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        // Stop reading; the connection closes after the answer.
        reply.header('connection', 'close');
        throw new HttpStatusError(413, tooLargeMessage(request.headers['content-type']));
      }
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    delete request.headers['transfer-encoding'];
    request.headers['content-length'] = String(body.length);
    return Readable.from([body]);
  });

  // One keep-alive pool per service, shared by all its prefixes (one connection set, not one per
  // prefix), balanced over every instance its `<NAME>_URL` lists; a failed instance leaves the pool
  // until its health check answers (instances.ts).
  const instances = {} as Record<ServiceName, ServiceInstances>;
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(instances).map((service) => service.close()));
  });
  for (const [service, prefixes] of Object.entries(routesTable) as Array<[ServiceName, string[]]>) {
    const upstreams = upstreamsOf(config, service);
    instances[service] = new ServiceInstances(service, upstreams, POOL_OPTIONS, options.logger);
    const pool = instances[service].pool;
    for (const prefix of prefixes) {
      await app.register(proxy, {
        upstream: upstreams[0],
        undici: pool,
        prefix,
        rewritePrefix: prefix,
        replyOptions: {
          rewriteRequestHeaders: (request, headers) => ({
            // `Expect: 100-continue` was answered here (Node does); undici refuses to send it on. The
            // gateway compresses answers for the client: a service answers plain, never encoded twice.
            ...withoutHeader(withoutHeader(headers, 'expect'), 'accept-encoding'),
            'x-request-id': String(request.id),
            // Proves to the service that the X-Forwarded-* below come from the gateway.
            [INTERNAL_HEADER]: config.INTERNAL_SECRET,
            'x-forwarded-for': request.ip,
            'x-forwarded-host': request.headers.host ?? '',
            'x-forwarded-proto': request.protocol,
            // The gateway's span, when tracing: the service's span is its child.
            ...traceHeaders(),
          }),
          // A GET or HEAD whose instance failed to connect or dropped the connection is sent once
          // more: the failed instance has left the pool by then, so it goes to another.
          retryDelay: ({ err, req, attempt }) => (upstreams.length > 1 && retriesOnAnotherInstance(req.method, err, attempt) ? 1 : null),
          onError: (reply, { error }) => {
            if (clientClosed(reply.request)) return endClientClosed(reply, 'gateway');
            reply.log.error({ err: error, service }, 'upstream failed');
            void reply.code(502).send({ message: `The ${service} service is not answering. Please try again shortly.` });
          },
        },
      });
    }
  }

  // One error shape with the services ({ message }); a client error keeps its status.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: error.message ?? 'Bad request' });
    if (clientClosed(request)) return endClientClosed(reply, 'gateway');
    request.log.error({ err: error }, 'gateway failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  const openapi = new MergedOpenApi(config.serviceUrls);
  await app.register(swagger, { openapi: { info: { title: 'LimoDirectory API', version: '1.0.0' } } });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/docs')) await openapi.refresh();
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformSpecification: () => openapi.current() as Record<string, unknown>,
    transformSpecificationClone: false,
  });

  app.get('/healthz', { config: { answersUnderPressure: true } }, async (_request, reply) => {
    const report = await checkServices(instances);
    return reply.code(report.status === 'ok' ? 200 : 503).send({ ...report, gateway: 'up', underPressure: isUnderPressure(app) });
  });
  // Ready while every service it routes to has a ready instance (each instance of each is asked).
  app.get('/readyz', { config: { answersUnderPressure: true } }, async (_request, reply) => {
    const upstreams = Object.fromEntries(serviceNames.map((name) => [name, upstreamsOf(config, name)])) as Record<ServiceName, string[]>;
    const report = await checkReadiness(upstreams, options.readiness ?? []);
    return reply.code(report.status === 'unready' ? 503 : 200).send(report);
  });

  registerSiteFiles(app, {
    publicUrl: config.PUBLIC_URL,
    directoryUrl: config.serviceUrls.directory,
    internalSecret: config.INTERNAL_SECRET,
  });

  const webDist = options.webDist;
  const indexFile = webDist ? join(webDist, 'index.html') : undefined;
  if (webDist && indexFile && existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset (web/vite.config.ts): sent as asked by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      // Vite names files under assets/ by their content hash: they never change, cache them for good.
      setHeaders: (res, path) => {
        const hashed = /[\\/]assets[\\/]/.test(path);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const renderPage = createSeoRenderer({
      headTags: { '/': homePreloadTags(webDist) },
      pageTags: pagePreloadTags(webDist),
      indexHtml: await readFile(indexFile, 'utf8'),
      directoryUrl: config.serviceUrls.directory,
      publicUrl: config.PUBLIC_URL,
      logger: options.logger,
      internalSecret: config.INTERNAL_SECRET,
    });
    const pages = createPageRenderer({ webDist, logger: options.logger });
    await pages?.ready;
    const sendPage = async (reply: FastifyReply, page: RenderedPage, location: string) => {
      if (page.redirect) return reply.code(301).header('cache-control', 'public, max-age=3600').redirect(page.redirect, 301);
      const rendered = pages && page.data ? await pages.render(page.html, location, page.data) : undefined;
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(rendered ?? page.html);
    };
    const home = createHomeRenderer({
      webDist,
      directoryUrl: config.serviceUrls.directory,
      internalSecret: config.INTERNAL_SECRET,
      logger: options.logger,
    });
    app.get('/', async (request, reply) => {
      const page = await renderPage('/', request);
      // The first search is rendered in only when the URL asks for no other (no filters, no page).
      const rendered = home && !request.url.includes('?') ? await home.render(page.html) : undefined;
      if (!rendered) return sendPage(reply, page, '/');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? rendered.br : encoding === 'gzip' ? rendered.gzip : rendered.identity);
    });
    // Every other page is a route of its own, not the not-found handler: @fastify/compress encodes
    // only routes' answers (a city page is ~280 KB of HTML, ~25 KB brotli).
    app.get('/*', async (request, reply) => {
      const [path = '', search = ''] = request.url.split('?', 2);
      if (path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return routeNotFound(request, reply);
      return sendPage(reply, await renderPage(path, request, search), request.url);
    });
    app.setNotFoundHandler(routeNotFound);
  } else {
    app.log.warn({ webDist }, 'no built web app found: serving the API only');
    app.setNotFoundHandler(routeNotFound);
  }
  return app;
}

function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}
