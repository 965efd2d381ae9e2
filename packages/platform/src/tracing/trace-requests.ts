import { context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endServerSpan, startServerSpan, tracingOn } from './tracing.js';

/**
 * A server span per request (child of the caller's `traceparent`), active for the whole request so
 * what the handler calls (another service, the outbox) continues it, and the trace id on every log
 * line of the request beside its request id. Registered first; nothing when tracing is off.
 */
export function traceRequests(app: FastifyInstance, service: string): void {
  if (!tracingOn()) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const { span, ctx } = startServerSpan(`${service} ${request.method} ${route}`, request.headers, {
      'service.component': service,
      'http.request.method': request.method,
      'http.route': route,
      'url.path': request.url.split('?')[0] ?? request.url,
      'limo.request_id': String(request.id),
    });
    spans.set(request, span);
    request.log = request.log.child({ traceId: span.spanContext().traceId });
    // The rest of the request's hooks and its handler run inside the span's context.
    context.with(ctx, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (span) endServerSpan(span, reply.statusCode);
  });
}
