import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { MemoryCache } from '../src/adapters/memory.cache.js';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { createServiceApp } from '../src/fastify/service-app.js';
import { createLogger } from '../src/logger.js';
import { startMetricsServer, type MetricsServer } from '../src/metrics/metrics-server.js';
import { consumerEvents, consumerLag, metricValue } from '../src/metrics/metrics.js';
import { InProcessEventBus } from '../src/adapters/inprocess.event-bus.js';
import { OutboxRelay } from '../src/outbox/outbox-relay.js';
import { observedHandler } from '../src/runtime/observe.js';
import { buildService } from '../src/runtime/run.js';
import { createTestContext, readinessProbe } from './support/index.js';

const JWT_SECRET = 'm'.repeat(40);
const logger = createLogger('silent');

describe('/metrics', () => {
  let metrics: MetricsServer;
  beforeAll(async () => {
    metrics = await startMetricsServer({ METRICS_HOST: '127.0.0.1', METRICS_PORT: 0 }, logger);
  });
  afterAll(() => metrics.close());

  it('counts and times a request under its route pattern and status, with the process metrics', async () => {
    const app = await createServiceApp({ name: 'metrics-probe', config: loadConfig({ JWT_SECRET }), logger, cache: new MemoryCache() });
    app.get('/api/things/:id', async () => ({ ok: true }));
    try {
      expect((await app.inject({ method: 'GET', url: '/api/things/42' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/nowhere/7' })).statusCode).toBe(404);
      const res = await fetch(metrics.url);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain(
        'limo_http_request_duration_seconds_count{service="metrics-probe",method="GET",route="/api/things/:id",status="200"} 1',
      );
      expect(text).toContain(
        'limo_http_request_duration_seconds_count{service="metrics-probe",method="GET",route="unmatched",status="404"} 1',
      );
      expect(text).not.toContain('/api/things/42');
      for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds']) {
        expect(text).toContain(`# TYPE ${name}`);
      }
    } finally {
      await app.close();
    }
  });

  it('answers only on METRICS_HOST, on a port of its own', async () => {
    const elsewhere = await startMetricsServer({ METRICS_HOST: '127.0.0.2', METRICS_PORT: 0 }, logger);
    try {
      const { port, hostname } = new URL(elsewhere.url);
      expect(hostname).toBe('127.0.0.2');
      expect((await fetch(elsewhere.url)).status).toBe(200);
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    } finally {
      await elsewhere.close();
    }
  });

  it('is configured by METRICS_HOST and METRICS_PORT, loopback:9464 by default, never the public port', () => {
    expect(loadConfig({ JWT_SECRET })).toMatchObject({ METRICS_HOST: '127.0.0.1', METRICS_PORT: 9464 });
    expect(() => loadConfig({ JWT_SECRET, METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT="ninety"/);
    expect(() => loadConfig({ JWT_SECRET, PORT: '8080', METRICS_PORT: '8080' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET, PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT.*not public/);
  });
});

describe('event metrics', () => {
  it('counts the events a group handled and how old the last one was', async () => {
    const handler = observedHandler('quotes', 'quotes.mail', async () => {});
    const occurredAt = new Date(Date.now() - 3_000).toISOString();
    await handler({ id: 'e1', type: 'quote.requested.v1', occurredAt, key: 'k', data: {} });
    const labels = { service: 'quotes', group: 'quotes.mail', topic: 'quote.requested.v1' };
    expect(await metricValue(consumerEvents, labels)).toBe(1);
    expect(await metricValue(consumerLag, labels)).toBeGreaterThanOrEqual(3);
  });

  it("gives the outbox's backlog and the age of its oldest unpublished event", async () => {
    const store = await NedbDocumentStore.create({ logger });
    const relay = new OutboxRelay({ store, bus: InProcessEventBus.create({ logger }), service: 'quotes' });
    try {
      const things = await store.collection<{ _id: string }>('things');
      expect(await relay.backlog()).toEqual({ documents: 0, oldestAgeSeconds: 0 });
      const event = (id: string, ageMs: number) => ({
        id,
        type: 't.v1',
        occurredAt: new Date(Date.now() - ageMs).toISOString(),
        key: id,
        data: {},
      });
      await things.insertOne({ _id: 'a' }, { events: [event('1', 1_000)] });
      await things.insertOne({ _id: 'b' }, { events: [event('2', 5_000), event('3', 0)] });
      const backlog = await relay.backlog();
      expect(backlog.documents).toBe(2);
      expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(5);
      expect(backlog.oldestAgeSeconds).toBeLessThan(10);
      await relay.flush();
      expect(await relay.backlog()).toEqual({ documents: 0, oldestAgeSeconds: 0 });
    } finally {
      await store.close();
    }
  });
});

describe('/readyz of a service', () => {
  it('is ready on the embedded engines, and lists them', async () => {
    const ctx = await createTestContext();
    const service = await buildService(readinessProbe, ctx);
    try {
      const res = await service.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ready',
        service: 'identity',
        engines: [
          { kind: 'store', engine: 'nedb', status: 'up' },
          { kind: 'bus', engine: 'in-process', status: 'up' },
          { kind: 'cache', engine: 'in-process', status: 'up' },
        ],
      });
      // Liveness stays apart: /healthz answers whatever the engines say.
      expect((await service.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await service.app.close();
      await ctx.close();
    }
  });
});
