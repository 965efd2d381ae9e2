import { afterEach, describe, expect, it } from 'vitest';
import { startThrowaway, type ThrowawaySystem } from '../src/index.js';

describe('a throwaway system', () => {
  const before = process.env.CLICKHOUSE_URL;
  let system: ThrowawaySystem | undefined;
  afterEach(async () => {
    await system?.close();
    system = undefined;
    if (before === undefined) delete process.env.CLICKHOUSE_URL;
    else process.env.CLICKHOUSE_URL = before;
  });

  // CI exports CLICKHOUSE_URL for the suites that test the ClickHouse server; the other suites' systems
  // must not all write into that server's one database (nor fail to start when it is not there).
  it('keeps analytics on chDB in-process when CLICKHOUSE_URL is only in the environment', async () => {
    process.env.CLICKHOUSE_URL = 'http://127.0.0.1:1';
    system = await startThrowaway();
    const tracked = await fetch(`${system.url}/api/analytics/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 's', actionType: 'page_view', currentPage: '/', timestamp: new Date().toISOString() }),
    });
    expect(tracked.status).toBe(202);
  }, 60_000);

  it('uses the ClickHouse server named in its own settings', async () => {
    await expect(startThrowaway({ CLICKHOUSE_URL: 'http://127.0.0.1:1' })).rejects.toThrow(/127\.0\.0\.1:1/);
  }, 60_000);
});
