import { describe, expect, it } from 'vitest';
import { splitStatements } from '../src/clickhouse.analytics-store.js';

describe('schema files', () => {
  it('split into statements and follow the configured database', () => {
    const statements = splitStatements(
      '-- note\nCREATE DATABASE IF NOT EXISTS analytics;\nCREATE TABLE analytics.t (x UInt8) ENGINE = Memory;\n',
      'stats',
    );
    expect(statements).toEqual(['CREATE DATABASE IF NOT EXISTS stats', 'CREATE TABLE stats.t (x UInt8) ENGINE = Memory']);
  });
});
