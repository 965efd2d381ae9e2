import { serviceNames, type ServiceName } from '@limo/platform';
import type { InstanceHealth, ServiceInstances } from './instances.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  /**
   * Each service: up while one of its instances answers, with what that instance adds to its own
   * `/healthz` (e.g. analytics' `deadLetters`), and every instance with its own state.
   */
  services: Record<
    ServiceName,
    { status: 'up' | 'down'; ms: number; error?: string; instances: Array<Omit<InstanceHealth, 'details'>>; [detail: string]: unknown }
  >;
}

/** Asks every instance of every service for its `/healthz` at once, each with a 2 s limit. */
export async function checkServices(instances: Record<ServiceName, ServiceInstances>): Promise<HealthReport> {
  const entries = await Promise.all(
    serviceNames.map(async (name) => {
      const checked = await instances[name].check();
      const answering = checked.find((instance) => instance.status === 'up');
      const shown = answering ?? checked[0];
      const list = checked.map(({ details: _details, ...instance }) => instance);
      return [
        name,
        {
          ...answering?.details,
          status: answering ? ('up' as const) : ('down' as const),
          ms: shown?.ms ?? 0,
          ...(!answering && shown?.error !== undefined && { error: shown.error }),
          instances: list,
        },
      ] as const;
    }),
  );
  const services = Object.fromEntries(entries) as HealthReport['services'];
  return { status: Object.values(services).every((s) => s.status === 'up') ? 'ok' : 'degraded', services };
}
