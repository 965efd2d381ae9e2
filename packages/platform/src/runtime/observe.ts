import type { Counter, Gauge } from 'prom-client';
import type { EngineCheck } from '../fastify/readiness.js';
import { consumerEvents, consumerLag, consumerLastHandled } from '../metrics/metrics.js';
import type { EventHandler } from '../ports/event-bus.port.js';
import type { Need, SwitchedNeed } from './define-service.js';
import type { Engines } from './engines.js';
import type { RuntimeContext, ServiceContext } from './service.js';

const pingable = (port: unknown): port is { ping(): Promise<void> } =>
  typeof port === 'object' && port !== null && typeof (port as { ping?: unknown }).ping === 'function';

/**
 * The engines a service's `/readyz` asks: its store, bus and cache, then each need's adapter that
 * can be pinged (search, analytics store, blobs), named by the engine configuration picked for it.
 * Mail is left out: a mail server that is away delays mails (they are retried), it stops no request.
 */
export function engineChecks(
  ctx: ServiceContext,
  engines: Engines,
  needs: Record<string, Need<unknown, unknown, RuntimeContext> | SwitchedNeed<unknown, unknown, never>>,
  ports: Record<string, unknown>,
): EngineCheck[] {
  const checks: EngineCheck[] = [
    { kind: 'store', engine: engines.store, ping: () => ctx.store.ping() },
    { kind: 'bus', engine: engines.bus, ping: () => ctx.bus.ping() },
    { kind: 'cache', engine: engines.cache, ping: () => ctx.cache.ping() },
  ];
  const shared: unknown[] = [ctx.store, ctx.bus, ctx.cache, ctx.limiter, ctx.mailer];
  for (const [key, spec] of Object.entries(needs)) {
    const port = ports[key];
    if ('switched' in spec || !pingable(port) || shared.includes(port)) continue;
    checks.push({ kind: spec.engine, engine: engines[spec.engine], ping: () => port.ping() });
  }
  return checks;
}

type ConsumerLabels = 'service' | 'group' | 'topic';

/**
 * The handler, counting each event it finished (`limo_consumer_events_total`) and how old the event
 * was by then (`limo_consumer_lag_seconds`: the group's lag in time, whichever bus carries it).
 */
export function observedHandler(service: string, group: string, handler: EventHandler): EventHandler {
  const series = new Map<string, { count: Counter.Internal; lag: Gauge.Internal<ConsumerLabels>; at: Gauge.Internal<ConsumerLabels> }>();
  return async (event) => {
    await handler(event);
    const topic = event.type;
    let s = series.get(topic);
    if (!s) {
      const labels = { service, group, topic };
      s = { count: consumerEvents.labels(labels), lag: consumerLag.labels(labels), at: consumerLastHandled.labels(labels) };
      series.set(topic, s);
    }
    const now = Date.now();
    s.count.inc();
    const occurred = Date.parse(event.occurredAt);
    if (Number.isFinite(occurred)) s.lag.set(Math.max(0, now - occurred) / 1000);
    s.at.set(now / 1000);
  };
}
