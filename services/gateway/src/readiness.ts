import { checkEngines, READINESS_TIMEOUT_MS, serviceNames, type EngineCheck, type EngineStatus, type ServiceName } from '@limo/platform';

/** What one instance of a service answered on its `/readyz`. */
interface InstanceReadiness {
  url: string;
  status: 'ready' | 'unready';
  ms: number;
  /** Why it is not ready: its own message (the engine that fails), or why it did not answer. */
  error?: string;
}

/** The gateway's `/readyz` answer. */
export interface ReadinessReport {
  /** `ready`: every instance is; `degraded`: each service has a ready instance, some instance is not; `unready`: some service has none. */
  status: 'ready' | 'degraded' | 'unready';
  message?: string;
  services: Record<ServiceName, InstanceReadiness[]>;
  /** The gateway's own engines (its rate limiter's Redis), when it has any. */
  engines: EngineStatus[];
}

async function askInstance(url: string): Promise<InstanceReadiness> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS + 500) });
    if (res.ok) return { url, status: 'ready', ms: ms() };
    const body = (await res.json().catch(() => ({}))) as { message?: unknown };
    return { url, status: 'unready', ms: ms(), error: typeof body.message === 'string' ? body.message : `HTTP ${res.status}` };
  } catch (err) {
    return { url, status: 'unready', ms: ms(), error: `not answering: ${(err as Error).message}` };
  }
}

/**
 * The gateway's readiness: asks `/readyz` of every instance of every service it routes to, and its
 * own engines, all at once. Ready to take traffic (200) while each service has at least one ready
 * instance and its own engines answer; 503 naming what is missing otherwise.
 */
export async function checkReadiness(upstreams: Record<ServiceName, string[]>, own: readonly EngineCheck[]): Promise<ReadinessReport> {
  const [engines, ...answers] = await Promise.all([
    checkEngines(own),
    ...serviceNames.map((name) => Promise.all(upstreams[name].map(askInstance))),
  ]);
  const services = Object.fromEntries(serviceNames.map((name, i) => [name, answers[i]])) as ReadinessReport['services'];
  const missing = serviceNames.filter((name) => !services[name].some((instance) => instance.status === 'ready'));
  const problems = [
    ...engines.filter((e) => e.status === 'down').map((e) => `${e.engine} (${e.kind}) is not answering (${e.error})`),
    ...missing.map((name) => `${name} has no ready instance (${services[name].map((i) => `${i.url}: ${i.error}`).join('; ')})`),
  ];
  if (problems.length > 0) return { status: 'unready', message: `Not ready: ${problems.join('; ')}`, services, engines };
  const allReady = serviceNames.every((name) => services[name].every((instance) => instance.status === 'ready'));
  return { status: allReady ? 'ready' : 'degraded', services, engines };
}
