import { BalancedPool, Pool, type Dispatcher } from 'undici';
import type { Logger, ServiceName } from '@limo/platform';

/** One instance of a service as its last health check or request found it. */
export interface InstanceHealth {
  url: string;
  status: 'up' | 'down';
  /** How long its `/healthz` took, when it was asked. */
  ms?: number;
  /** Why it is down. */
  error?: string;
  /** What the instance adds to its own `/healthz` (e.g. analytics' `deadLetters`). */
  details?: Record<string, unknown>;
}

/** How long a health check waits for an instance. */
const HEALTH_TIMEOUT_MS = 2_000;
/** How often an ejected instance is asked whether it answers again. */
const RECHECK_MS = 1_000;

// Failures of the connection to an instance, never of the request: an idempotent request that met
// one is sent again on another instance.
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** Whether a request that failed with `error` may be sent once more, to another instance. */
export function retriesOnAnotherInstance(method: string, error: unknown, attempt: number): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return attempt === 0 && IDEMPOTENT.has(method) && typeof code === 'string' && CONNECTION_FAILURES.has(code);
}

/**
 * The instances of one service (every URL of `<NAME>_URL`) and the pool the gateway sends their
 * requests through. With several, undici's BalancedPool spreads requests over them; an instance whose
 * connection fails (refused, or closed under a request: a killed process) is taken out of the pool at
 * once, so the retry of an idempotent request goes to another, and is put back when its `/healthz`
 * answers again (asked every second). The last instance in the pool is never taken out: with every
 * instance down, requests fail fast instead of finding no pool. `check()` is the health of every
 * instance, for `/healthz` and readiness.
 */
export class ServiceInstances {
  readonly pool: Dispatcher;
  private readonly states: Map<string, InstanceHealth>;
  private readonly ejected = new Set<string>();
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    readonly service: ServiceName,
    readonly urls: string[],
    poolOptions: Pool.Options,
    private readonly logger: Logger,
  ) {
    this.states = new Map(urls.map((url) => [new URL(url).origin, { url, status: 'up' }]));
    if (urls.length === 1) {
      this.pool = new Pool(urls[0], poolOptions);
      return;
    }
    const balanced = new BalancedPool(urls, poolOptions);
    balanced.on('connectionError', (origin, _targets, err) => this.eject(origin, err));
    balanced.on('disconnect', (origin, _targets, err) => {
      if (err.code === 'UND_ERR_SOCKET') this.eject(origin, err);
    });
    this.pool = balanced;
  }

  /** Asks every instance's `/healthz` at once: one that fails is taken out, one that answers put back. */
  async check(): Promise<InstanceHealth[]> {
    return Promise.all(
      [...this.states.keys()].map(async (origin) => {
        const health = await this.probe(origin);
        if (health.status === 'up') this.admit(origin);
        else this.eject(origin, new Error(health.error ?? 'down'));
        return health;
      }),
    );
  }

  /** Stops the health checks and closes the pool. */
  async close(): Promise<void> {
    clearInterval(this.recheck);
    this.recheck = undefined;
    await this.pool.close();
  }

  private async probe(origin: string): Promise<InstanceHealth> {
    const url = this.states.get(origin)?.url ?? origin;
    const started = Date.now();
    try {
      const res = await fetch(`${url.replace(/\/$/, '')}/healthz`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      const ms = Date.now() - started;
      const body = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
      const { status: _status, service: _service, ...details } = body;
      if (!res.ok) return { url, status: 'down', ms, error: `HTTP ${res.status}`, details };
      return { url, status: 'up', ms, details };
    } catch (err) {
      return { url, status: 'down', ms: Date.now() - started, error: (err as Error).message };
    }
  }

  private markDown(origin: string, error: string): void {
    const state = this.states.get(origin);
    if (state) this.states.set(origin, { url: state.url, status: 'down', error });
  }

  private eject(origin: string | URL, err: Error): void {
    const key = typeof origin === 'string' ? new URL(origin).origin : origin.origin;
    this.markDown(key, err.message);
    const pool = this.pool;
    if (!(pool instanceof BalancedPool) || this.ejected.has(key)) return;
    if (pool.upstreams.length <= 1) return;
    pool.removeUpstream(key);
    this.ejected.add(key);
    this.logger.warn(
      { service: this.service, instance: key, err: err.message },
      'instance taken out of rotation until it answers its health check',
    );
    this.recheck ??= setInterval(() => void this.recheckEjected(), RECHECK_MS).unref();
  }

  private admit(origin: string): void {
    const state = this.states.get(origin);
    if (state) this.states.set(origin, { url: state.url, status: 'up' });
    if (!this.ejected.delete(origin) || !(this.pool instanceof BalancedPool)) return;
    this.pool.addUpstream(origin);
    this.logger.info({ service: this.service, instance: origin }, 'instance back in rotation');
    if (this.ejected.size === 0) {
      clearInterval(this.recheck);
      this.recheck = undefined;
    }
  }

  private async recheckEjected(): Promise<void> {
    for (const origin of [...this.ejected]) {
      if ((await this.probe(origin)).status === 'up') this.admit(origin);
    }
  }
}
