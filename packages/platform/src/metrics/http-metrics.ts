import type { FastifyInstance } from 'fastify';
import type { Histogram } from 'prom-client';
import { httpRequestDuration } from './metrics.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every answered request into `limo_http_request_duration_seconds`, labelled with the route's
 * pattern (`/api/companies/:id`, never the URL: one series per route, not per id) and the status;
 * a request no route matched is `route="unmatched"`. The series are looked up once each and kept, so
 * a request costs one map lookup and one observation.
 */
export function registerHttpMetrics(app: FastifyInstance, service: string): void {
  const series = new Map<string, Histogram.Internal<'service' | 'method' | 'route' | 'status'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const status = reply.statusCode;
    const key = `${method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = httpRequestDuration.labels({ service, method, route, status: String(status) });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}
