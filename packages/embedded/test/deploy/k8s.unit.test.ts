import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const APPS = ['gateway', 'identity', 'directory', 'quotes', 'billing', 'analytics'];

/** kustomize, kubeconform and the schemas from infra/local/k8s-tools.sh when built (CI builds them in .ci/run). */
function k8sTools(): { kustomize: string } | undefined {
  const found = spawnSync('bash', [join(root, 'infra/local/k8s-tools.sh'), 'path'], { encoding: 'utf8' });
  if (found.status !== 0) return undefined;
  const [kustomize] = found.stdout.trim().split(' ');
  return kustomize ? { kustomize } : undefined;
}
const tools = k8sTools();
const why = 'kustomize and kubeconform not built (bash infra/local/k8s-tools.sh build; needs Go)';
if (!tools && !process.env.CI) console.warn(`skipped: the Kubernetes manifests' validation (${why})`);
/** Locally without the tools: skipped, saying why. In CI: run, and fail when the tools are missing. */
const withTools = tools || process.env.CI ? it : it.skip;
const title = (name: string) => (tools || process.env.CI ? name : `${name} — skipped: ${why}`);
function requireTools(): { kustomize: string } {
  if (!tools) throw new Error('kustomize/kubeconform are not built: CI must run bash infra/local/k8s-tools.sh build');
  return tools;
}

interface Container {
  name: string;
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  livenessProbe?: { httpGet?: { path: string; port: string }; tcpSocket?: { port: string } };
  readinessProbe?: { httpGet?: { path: string; port: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  env?: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
}
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    minReplicas?: number;
    maxReplicas?: number;
    scaleTargetRef?: { kind: string; name: string };
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    ports?: Array<{ targetPort: string | number }>;
    maxUnavailable?: number;
    rules?: Array<{ http: { paths: Array<{ backend: { service: { name: string } } }> } }>;
    template?: { metadata?: { annotations?: Record<string, string> }; spec: { containers: Container[] } };
  };
}

const validate = (...dirs: string[]) => spawnSync('bash', [join(root, 'infra/k8s/validate.sh'), ...dirs], { encoding: 'utf8' });

describe('Kubernetes manifests (infra/k8s)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'k8s-validate-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  withTools(title('render with kustomize and pass kubeconform -strict against the Kubernetes API schemas'), () => {
    requireTools();
    const run = validate();
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // The base and the production overlay, every resource valid and none skipped for want of a schema.
    expect(run.stdout.match(/Invalid: 0, Errors: 0, Skipped: 0/g)?.length, run.stdout).toBe(2);
  });

  withTools(title('fail validation on a misplaced field or a wrong type (what CI would catch)'), () => {
    requireTools();
    writeFileSync(join(scratch, 'kustomization.yaml'), 'resources: [broken.yaml]\n');
    writeFileSync(
      join(scratch, 'broken.yaml'),
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: { name: broken }',
        'spec:',
        '  replica: 2', // misspelt: replicas
        '  selector: { matchLabels: { app: broken } }',
        '  template:',
        '    metadata: { labels: { app: broken } }',
        '    spec:',
        '      containers: [{ name: app, image: x, ports: [{ containerPort: http }] }]',
        '',
      ].join('\n'),
    );
    const run = validate(scratch);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain("additional properties 'replica' not allowed");
    expect(run.stdout).toMatch(/containerPort': got string, want integer/);
  });

  withTools(title('run each process with its replicas, autoscaler, disruption budget, probes, resources and metrics port'), () => {
    const { kustomize } = requireTools();
    const built = spawnSync(kustomize, ['build', join(root, 'infra/k8s/overlays/production')], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const resources = parseAllDocuments(built.stdout).map((doc) => doc.toJS() as Resource);
    const find = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment: Record<string, string | number> }>;
    };
    for (const app of APPS) {
      const deployment = find('Deployment', app);
      expect(deployment, app).toBeDefined();
      const container = deployment?.spec?.template?.spec.containers[0];
      expect(container?.command).toEqual(['node', `services/${app}/dist/main.js`]);
      // The same port as compose's (its health check's), and the metrics port by name.
      const http = container?.ports?.find((p) => p.name === 'http')?.containerPort;
      expect(http, app).toBe(Number(compose.services[app].environment.HEALTH_PORT));
      expect(container?.ports?.find((p) => p.name === 'metrics')?.containerPort).toBe(9464);
      expect(deployment?.spec?.template?.metadata?.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '9464',
      });
      // The gateway's /healthz reports the services behind it: its liveness is its own port.
      if (app === 'gateway') expect(container?.livenessProbe).toMatchObject({ tcpSocket: { port: 'http' } });
      else expect(container?.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container?.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(Object.keys(container?.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(container?.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(container?.envFrom).toEqual([{ configMapRef: { name: 'limodirectory-config' } }]);
      expect(container?.env?.find((e) => e.name === 'MONGODB_URI')?.valueFrom?.secretKeyRef?.name).toBe('limodirectory-secrets');

      const replicas = deployment?.spec?.replicas ?? 0;
      expect(replicas, app).toBeGreaterThanOrEqual(2);
      const hpa = find('HorizontalPodAutoscaler', app);
      expect(hpa?.spec?.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: app });
      expect(hpa?.spec?.minReplicas).toBe(replicas);
      expect(hpa?.spec?.maxReplicas ?? 0).toBeGreaterThan(replicas);
      expect(find('PodDisruptionBudget', app)?.spec?.selector?.matchLabels).toEqual({ 'app.kubernetes.io/name': app });
      expect(find('Service', app)?.spec?.ports?.[0]?.targetPort).toBe('http');
    }
    // Prometheus scrapes the pod's address: the metrics server may not stay on loopback here.
    expect(find('ConfigMap', 'limodirectory-config')?.data).toMatchObject({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9464' });
    expect(find('Ingress', 'limodirectory')?.spec?.rules?.[0]?.http.paths[0]?.backend.service.name).toBe('gateway');
    const job = find('Job', 'clickhouse-schema');
    expect(job?.spec?.template?.spec.containers[0]?.command).toEqual(['node', 'services/analytics/dist/migrate.js']);
    // Production brings its own Secret: applying the overlay must not overwrite it with placeholders.
    expect(resources.filter((r) => r.kind === 'Secret')).toEqual([]);
    const base = spawnSync(kustomize, ['build', join(root, 'infra/k8s/base')], { encoding: 'utf8' });
    const secret = parseAllDocuments(base.stdout)
      .map((doc) => doc.toJS() as Resource)
      .find((r) => r.kind === 'Secret');
    expect(Object.values(secret?.stringData ?? {}).filter((v) => v.includes('PLACEHOLDER')).length).toBeGreaterThan(10);
  });
});
