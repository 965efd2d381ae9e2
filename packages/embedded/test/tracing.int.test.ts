import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '@limo/platform';
import { startThrowaway, type ThrowawaySystem } from '../src/index.js';
import { listingQuoteJourney } from './journeys/listing-quote.journey.js';

// Tracing on, as OTEL_EXPORTER_OTLP_ENDPOINT turns it on, with the spans kept in memory.
const exporter = new InMemorySpanExporter();
let stopTracing: () => Promise<void>;
let system: ThrowawaySystem;

beforeAll(async () => {
  stopTracing = startTracing({ serviceName: 'limodirectory', exporter });
  system = await startThrowaway();
});
afterAll(async () => {
  await system?.close();
  await stopTracing?.();
});

const spansOf = (traceId: string): ReadableSpan[] => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('a trace across the gateway, the services and the events', () => {
  it('follows a quote: gateway → quotes → outbox → relay → consumer → mail, in one trace', async () => {
    await listingQuoteJourney(system.url, () => system.outbox());

    const quoteSpan = exporter
      .getFinishedSpans()
      .find((s) => s.name === 'quotes POST /api/quote-requests' && s.attributes['http.response.status_code'] === 201);
    expect(quoteSpan, 'the quotes service span of the accepted quote').toBeDefined();
    const traceId = quoteSpan!.spanContext().traceId;
    // The mails are sent by a consumer after the answer: wait until its span (it ends last) and theirs are in.
    const deadline = Date.now() + 20_000;
    const complete = () => {
      const finished = spansOf(traceId);
      return (
        finished.some((s) => s.kind === SpanKind.CONSUMER && s.name === 'quotes.mail process quote.requested.v1') &&
        finished.filter((s) => s.name.startsWith('mail send')).length >= 2
      );
    };
    while (!complete() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const spans = spansOf(traceId);

    const gateway = spans.find((s) => s.name === 'gateway POST /api/quote-requests');
    expect(gateway?.kind).toBe(SpanKind.SERVER);
    expect(parentOf(quoteSpan!)).toBe(gateway!.spanContext().spanId);

    // The event the quote's write stored, published by the relay under the request's span.
    const published = spans.filter((s) => s.kind === SpanKind.PRODUCER && s.name === 'publish quote.requested.v1');
    expect(published.length, spans.map((s) => s.name).join(', ')).toBe(1);
    expect(parentOf(published[0])).toBe(quoteSpan!.spanContext().spanId);

    // The mail consumer continues the event's trace, under the producer span.
    const consumed = spans.filter((s) => s.kind === SpanKind.CONSUMER && s.name === 'quotes.mail process quote.requested.v1');
    expect(consumed.map(parentOf)).toEqual([published[0].spanContext().spanId]);

    // Both mails (to the company, the customer's confirmation), sent by that consumer.
    const mails = spans.filter((s) => s.name.startsWith('mail send'));
    expect(mails.map((m) => m.name).sort()).toEqual(['mail send quote-confirmation', 'mail send quote-to-company']);
    for (const m of mails) expect(parentOf(m)).toBe(consumed[0].spanContext().spanId);
  }, 90_000);

  it('continues a traceparent sent from outside (a caller with its own trace)', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${system.url}/api/companies?location=Miami`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.status).toBe(200);
    const names = spansOf(traceId).map((s) => s.name);
    expect(names).toContain('gateway GET /api/companies');
    expect(names).toContain('directory GET /api/companies');
  });
});
