import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { httpOverloadRefused, metricValue } from '../src/metrics/metrics.js';
import { expectShedding } from './support/overload.js';
import { probeApp } from './support/probe.js';

/** Requests the probe service refused as overloaded, whichever threshold. */
const refusedCount = () => metricValue(httpOverloadRefused, { service: 'probe' });

// Issue 22, defect 2: a process whose event loop was saturated kept accepting work, and every request waited.
describe('load shedding in every service', () => {
  it('answers 503 with Retry-After and the error shape past a threshold, while /healthz answers and says so', async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/limo-overload-test',
      JWT_SECRET: 'o'.repeat(40),
      OVERLOAD_MAX_HEAP_USED_MB: '1',
      OVERLOAD_SAMPLE_INTERVAL_MS: '20',
    });
    const app = await probeApp(config);
    app.get('/api/work', async () => ({ done: true }));
    try {
      const before = await refusedCount();
      expect(await expectShedding(app, '/api/work', '5')).toEqual({ status: 'ok', service: 'probe', underPressure: true });
      expect(await refusedCount()).toBeGreaterThan(before);
    } finally {
      await app.close();
    }
  });

  it('serves normally under the default thresholds', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/limo-overload-test', JWT_SECRET: 'o'.repeat(40) });
    const app = await probeApp(config);
    app.get('/api/work', async () => ({ done: true }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await app.inject({ method: 'GET', url: '/api/work' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ underPressure: false });
    } finally {
      await app.close();
    }
  });
});
