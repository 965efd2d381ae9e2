import { describe, expect, it } from 'vitest';
import { dockerConfigured, engineSourceOf, selectEngineSources, sourceVar } from './support/engines.js';

describe('engine selection for the engine-backed suites', () => {
  it('uses a variable that is set, whatever Docker does', () => {
    const sources = selectEngineSources({ KAFKA_BROKERS: '127.0.0.1:9092', MONGODB_URI: 'mongodb://x/y' }, true);
    expect(sources.kafka).toBe('given');
    expect(sources.mongodb).toBe('given');
  });

  it('starts the others with testcontainers when Docker answers', () => {
    const sources = selectEngineSources({ KAFKA_BROKERS: '127.0.0.1:9092' }, true);
    expect(sources).toEqual({
      kafka: 'given',
      mongodb: 'testcontainers',
      elasticsearch: 'testcontainers',
      redis: 'testcontainers',
      clickhouse: 'testcontainers',
    });
  });

  it('leaves them missing without Docker, or when TESTCONTAINERS=false', () => {
    expect(Object.values(selectEngineSources({}, false))).toEqual(['missing', 'missing', 'missing', 'missing', 'missing']);
    expect(selectEngineSources({ TESTCONTAINERS: 'false' }, true).redis).toBe('missing');
  });

  it('looks for Docker at DOCKER_HOST or the usual sockets, without connecting', () => {
    expect(dockerConfigured({ DOCKER_HOST: 'tcp://docker:2375' }, () => false)).toBe(true);
    expect(dockerConfigured({ HOME: '/home/a' }, (p) => p === '/var/run/docker.sock')).toBe(true);
    expect(dockerConfigured({ HOME: '/home/a' }, (p) => p === '/home/a/.docker/run/docker.sock')).toBe(true);
    expect(dockerConfigured({ HOME: '/home/a' }, () => false)).toBe(false);
  });

  it('tells a suite which path its engine took', () => {
    expect(engineSourceOf('REDIS_URL', {})).toBe('missing');
    expect(engineSourceOf('REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:6390' })).toBe('given');
    expect(engineSourceOf('REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:32768', [sourceVar('REDIS_URL')]: 'testcontainers' })).toBe(
      'testcontainers',
    );
  });
});

describe('the runtime the engine suites run on', () => {
  it('is Node 24 LTS or newer, as package.json engines ask', () => {
    const [major, minor] = process.versions.node.split('.').map(Number);
    expect(major > 24 || (major === 24 && minor >= 6), `node ${process.versions.node}`).toBe(true);
  });

  it('loads testcontainers (on Node 20 its undici threw at import, and the suites took it for "no Docker")', async () => {
    const library = await import('testcontainers');
    expect(typeof library.getContainerRuntimeClient).toBe('function');
    expect(typeof library.GenericContainer).toBe('function');
  });
});
