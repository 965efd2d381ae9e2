import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { redactUrl } from '../src/adapters/redact-url.js';
import { serviceDatabaseUri } from '../src/runtime/ports.js';
import { configErrorOf } from './support/config-error.js';

describe('loadConfig', () => {
  it('starts embedded with defaults and keeps a generated session key across starts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.PROFILE).toBe('embedded');
    expect(first.PORT).toBe(8080);
    expect(first.PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first.JWT_SECRET);
    expect((await readFile(join(dir, '.jwt-secret'), 'utf8')).trim()).toBe(first.JWT_SECRET);
    expect(first.serviceUrls.identity).toBe('http://127.0.0.1:4001');
  });

  it('names every bad variable and what is wrong with it', () => {
    const { message } = configErrorOf(() =>
      loadConfig({
        PORT: 'eighty',
        PROFILE: 'cloud',
        REDIS_URL: 'http://x',
        KAFKA_BROKERS: 'no-port',
        KAFKA_INSTANCE_ID: 'pod 1',
        JWT_SECRET: 'short',
      }),
    );
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('PROFILE="cloud"');
    expect(message).toMatch(/REDIS_URL="http:\/\/x": must start with redis:\/\//);
    expect(message).toMatch(/KAFKA_BROKERS="no-port": must be a comma-separated list of host:port/);
    expect(message).toMatch(/JWT_SECRET="short": must be at least 32 characters/);
    expect(message).toMatch(/KAFKA_INSTANCE_ID="pod 1": may hold only letters, digits/);
  });

  it('refuses the distributed profile without its engines', () => {
    expect(() => loadConfig({ PROFILE: 'distributed', KAFKA_BROKERS: '127.0.0.1:9092' })).toThrow(
      /PROFILE=distributed needs MONGODB_URI, REDIS_URL, JWT_SECRET/,
    );
  });

  it('allows the public origin and extra origins for state-changing requests', () => {
    const config = loadConfig({
      DATA_DIR: tmpdir(),
      PUBLIC_URL: 'https://limo.example/',
      ALLOWED_ORIGINS: 'https://admin.limo.example',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(config.allowedOrigins).toEqual(expect.arrayContaining(['https://limo.example', 'https://admin.limo.example']));
    expect(config.COOKIE_SECURE).toBe(true);
  });
});

describe('serviceDatabaseUri', () => {
  it.each([
    ['mongodb://127.0.0.1:27018/limo', 'mongodb://127.0.0.1:27018/limo-quotes'],
    ['mongodb://u:p@a:1,b:2/db?replicaSet=rs', 'mongodb://u:p@a:1,b:2/db-quotes?replicaSet=rs'],
    ['mongodb://h:1', 'mongodb://h:1/limo-quotes'],
    ['mongodb+srv://cluster.example/?retryWrites=true', 'mongodb+srv://cluster.example/limo-quotes?retryWrites=true'],
  ])('gives each service its own database: %s', (uri, expected) => {
    expect(serviceDatabaseUri(uri, 'quotes')).toBe(expected);
  });
});

describe('redactUrl', () => {
  it.each([
    ['redis://:secret@127.0.0.1:6390', 'redis://:***@127.0.0.1:6390'],
    ['smtp://user:p%40ss@mail.example:587', 'smtp://user:***@mail.example:587'],
    ['mongodb://u:pw@a:1,b:2/db?replicaSet=rs', 'mongodb://u:***@a:1,b:2/db?replicaSet=rs'],
    ['redis://127.0.0.1:6390', 'redis://127.0.0.1:6390'],
  ])('masks the password of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
