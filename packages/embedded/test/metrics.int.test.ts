import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceNames } from '@limo/platform';
import { startThrowaway, type ThrowawaySystem } from '../src/index.js';

let system: ThrowawaySystem;
beforeAll(async () => {
  system = await startThrowaway();
});
afterAll(async () => {
  await system?.close();
});

describe('the embedded process: one /metrics for every service, and /readyz', () => {
  it('serves every service and the gateway on one /metrics, a service label on each, apart from the public port', async () => {
    expect((await fetch(`${system.url}/api/companies?limit=1`)).status).toBe(200);
    const metricsUrl = new URL(system.metricsUrl);
    expect(metricsUrl.hostname).toBe('127.0.0.1');
    expect(metricsUrl.port).not.toBe(new URL(system.url).port);
    // Not on the public port.
    expect((await fetch(`${system.url}/metrics`)).status).not.toBe(200);

    const text = await (await fetch(system.metricsUrl)).text();
    const count = (service: string) =>
      new RegExp(
        `limo_http_request_duration_seconds_count\\{service="${service}",method="GET",route="[^"]*companies[^"]*",status="200"\\} 1`,
      );
    expect(text).toMatch(count('gateway'));
    expect(text).toMatch(count('directory'));
    for (const name of serviceNames) expect(text).toContain(`limo_outbox_backlog_documents{service="${name}"}`);
    expect(text).toContain('limo_mail_backlog_quotes{service="quotes"} 0');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('is ready on the gateway when every service is, each service ready on its own engines', async () => {
    const res = await fetch(`${system.url}/readyz`);
    const body = (await res.json()) as { status: string; services: Record<string, Array<{ url: string; status: string }>> };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ready');
    for (const name of serviceNames) {
      expect(body.services[name]).toEqual([expect.objectContaining({ status: 'ready' })]);
      const own = (await (await fetch(`${body.services[name][0].url}/readyz`)).json()) as { engines: Array<{ engine: string }> };
      expect(own.engines.map((e) => e.engine)).toContain('nedb');
    }
  });
});
