import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { inSpan, SpanKind, startTracing, traceHeaders, tracingOn } from '../src/index.js';

describe('tracing', () => {
  it('is off without an endpoint: no trace header, the work runs as is', async () => {
    const stop = startTracing({ serviceName: 'test' });
    expect(tracingOn()).toBe(false);
    expect(await inSpan('work', SpanKind.INTERNAL, {}, async (span) => span)).toBeUndefined();
    expect(traceHeaders()).toEqual({});
    await stop();
  });

  it('exports spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces', async () => {
    const received: Array<{ path: string; type: string; bytes: number }> = [];
    const collector = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', bytes });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    const stop = startTracing({ serviceName: 'test', endpoint: `http://127.0.0.1:${port}/` });
    try {
      expect(tracingOn()).toBe(true);
      const header = await inSpan('work', SpanKind.INTERNAL, {}, async () => traceHeaders().traceparent);
      expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    } finally {
      await stop(); // flushes the batch
      collector.close();
    }
    expect(received.length).toBeGreaterThan(0);
    expect(received[0]).toMatchObject({ path: '/v1/traces' });
    expect(received[0].bytes).toBeGreaterThan(0);
    expect(tracingOn()).toBe(false);
  });
});
