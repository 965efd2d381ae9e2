import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { EventEnvelope } from '../ports/event-bus.port.js';
import type { Mailer } from '../ports/mail.port.js';

/**
 * OpenTelemetry traces across the gateway, the services and the events. Off unless
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (or a test hands an exporter in): then no hook is installed
 * and every helper here returns at its first line, so tracing costs nothing.
 *
 * On, a trace follows one request: the gateway's server span, the W3C `traceparent` header on the
 * proxied call (and on calls between services), the service's server span, the `traceparent` stored
 * with each event the write owes (in the outbox), the relay's producer span (whose context the event
 * carries to the bus: a Kafka header and the envelope), the consumer's span and what it does (a mail).
 */
let provider: NodeTracerProvider | undefined;

const TRACER = 'limodirectory';

export interface TracingOptions {
  /** `service.name` of the process's spans: `limodirectory` for the embedded process, else the service. */
  serviceName: string;
  /** OTLP/HTTP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`); `/v1/traces` is added. */
  endpoint?: string;
  /** A test's exporter (spans exported one by one, at once). */
  exporter?: SpanExporter;
}

/** Starts tracing for this process when an endpoint or exporter is given; returns its shutdown (flushes). */
export function startTracing(options: TracingOptions): () => Promise<void> {
  if (provider || (!options.endpoint && !options.exporter)) return async () => undefined;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/$/, '')}/v1/traces` }));
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [processor],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator, process-wide.
  started.register();
  provider = started;
  return async () => {
    if (provider !== started) return;
    provider = undefined;
    await started.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

/** Whether this process traces (hooks are installed only then). */
export const tracingOn = (): boolean => provider !== undefined;

const tracer = () => trace.getTracer(TRACER);

/** The W3C `traceparent` (and `tracestate`) of the active span, to send along; empty when off. */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  if (!provider) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** The active span's trace id, for a log line; undefined when off or outside a span. */
export function activeTraceId(): string | undefined {
  if (!provider) return undefined;
  const span = trace.getActiveSpan();
  return span?.spanContext().traceId;
}

/** The context a carrier (request headers, an event's `traceparent`) continues. */
export function contextFrom(carrier: Record<string, unknown>): Context {
  return propagation.extract(context.active(), carrier, {
    get: (c, key) => {
      const value = c[key];
      return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
    },
    keys: (c) => Object.keys(c),
  });
}

/** Starts a server span for an incoming request, child of the caller's `traceparent` if any. */
export function startServerSpan(
  name: string,
  headers: Record<string, unknown>,
  attributes: Record<string, string>,
): { span: Span; ctx: Context } {
  const parent = contextFrom(headers);
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Ends a request's span with its status code (5xx marks it failed). */
export function endServerSpan(span: Span, statusCode: number): void {
  span.setAttribute('http.response.status_code', statusCode);
  if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Runs `work` in a span of `kind` (child of `parent`, or of the active span), recording a failure. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number>,
  work: (span: Span | undefined) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  if (!provider) return work(undefined);
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Events a write stores in its outbox carry the writer's `traceparent`, so the relay and the
 * consumers continue the request's trace. Unchanged when off or outside a span.
 */
export function stampTrace(events: EventEnvelope[]): EventEnvelope[] {
  if (!provider || !trace.getActiveSpan()) return events;
  const { traceparent } = traceHeaders();
  return traceparent ? events.map((e) => (e.traceparent ? e : { ...e, traceparent })) : events;
}

/**
 * Publishes `events` under one producer span per trace they continue, each event carrying the
 * producer span's `traceparent` on. Events with no trace are published as they are.
 */
export async function publishTraced(events: EventEnvelope[], publish: (events: EventEnvelope[]) => Promise<void>): Promise<void> {
  if (!provider || !events.some((e) => e.traceparent)) return publish(events);
  const spans: Span[] = [];
  const carried = events.map((event) => {
    if (!event.traceparent) return event;
    const span = tracer().startSpan(
      `publish ${event.type}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: { 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
      },
      contextFrom({ traceparent: event.traceparent }),
    );
    spans.push(span);
    return { ...event, traceparent: traceHeaders(trace.setSpan(context.active(), span)).traceparent ?? event.traceparent };
  });
  try {
    await publish(carried);
  } catch (err) {
    for (const span of spans) span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    for (const span of spans) span.end();
  }
}

/** A consumer's handler that runs each event in a consumer span continuing the event's trace. */
export function tracedHandler(group: string, handler: (event: EventEnvelope) => Promise<void>): (event: EventEnvelope) => Promise<void> {
  if (!provider) return handler;
  return (event) =>
    event.traceparent
      ? inSpan(
          `${group} process ${event.type}`,
          SpanKind.CONSUMER,
          { 'messaging.consumer.group.name': group, 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
          () => handler(event),
          contextFrom({ traceparent: event.traceparent }),
        )
      : handler(event);
}

/** The mailer, each send in a client span of the active trace (the consumer's that sends it). */
export function tracedMailer(mailer: Mailer): Mailer {
  if (!provider) return mailer;
  return {
    send: (message) =>
      inSpan(`mail send ${message.tag ?? 'mail'}`, SpanKind.CLIENT, { 'mail.tag': message.tag ?? '' }, () => mailer.send(message)),
    ping: () => mailer.ping(),
    close: () => mailer.close(),
  };
}

export { SpanKind };
