import { serviceNames, type ServiceName } from '@limo/platform';

export interface HealthReport {
  status: 'ok' | 'degraded';
  /** Each service's answer: up or down, and what it adds to its own `/healthz` (e.g. analytics' `deadLetters`). */
  services: Record<ServiceName, { status: 'up' | 'down'; ms: number; error?: string; [detail: string]: unknown }>;
}

/** Asks every service's `/healthz` at once, each with a 2 s limit. */
export async function checkServices(urls: Record<ServiceName, string>): Promise<HealthReport> {
  const entries = await Promise.all(
    serviceNames.map(async (name) => {
      const started = Date.now();
      try {
        const res = await fetch(`${urls[name]}/healthz`, { signal: AbortSignal.timeout(2000) });
        const ms = Date.now() - started;
        if (!res.ok) return [name, { status: 'down' as const, ms, error: `HTTP ${res.status}` }] as const;
        const { status: _status, service: _service, ...details } = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
        return [name, { ...details, status: 'up' as const, ms }] as const;
      } catch (err) {
        return [name, { status: 'down' as const, ms: Date.now() - started, error: (err as Error).message }] as const;
      }
    }),
  );
  const services = Object.fromEntries(entries) as HealthReport['services'];
  return { status: Object.values(services).every((s) => s.status === 'up') ? 'ok' : 'degraded', services };
}
