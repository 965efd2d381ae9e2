import { readFileSync } from 'node:fs';
import { query } from 'chdb';
import { describe, expect, it } from 'vitest';
import { CLICKHOUSE_IMAGE } from '@limo/platform/testing';

const compose = readFileSync(new URL('../../../../docker-compose.yml', import.meta.url), 'utf8');

// One ClickHouse release everywhere: chDB (the embedded store, and CI's server from
// infra/local/clickhouse.sh), docker-compose.yml, and the testcontainers suites.
describe('the ClickHouse release', () => {
  it('is the one chDB runs, in docker-compose.yml and in the testcontainers image', () => {
    const [major, minor] = query('SELECT version()', 'TSV').trim().split('.');
    const release = `${major}.${minor}`;
    expect(release).toMatch(/^\d+\.\d+$/);
    expect(compose.match(/image: clickhouse\/clickhouse-server:(\S+)/)?.[1]).toBe(release);
    expect(CLICKHOUSE_IMAGE).toBe(`clickhouse/clickhouse-server:${release}`);
  });
});
