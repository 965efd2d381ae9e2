import type { FastifyInstance } from 'fastify';

/** One engine a process uses, and how to ask whether it answers. */
export interface EngineCheck {
  /** The kind of port it serves (`store`, `bus`, `cache`, `search`, `analytics`, ...). */
  kind: string;
  /** The engine (`mongodb`, `nedb`, `kafka`, `redis`, `elasticsearch`, `clickhouse`, ...). */
  engine: string;
  ping: () => Promise<void>;
}

/** What `/readyz` says of one engine. */
export interface EngineStatus {
  kind: string;
  engine: string;
  status: 'up' | 'down';
  ms: number;
  error?: string;
}

/** The longest `/readyz` waits for one engine. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Asks every engine at once, each within {@link READINESS_TIMEOUT_MS}. */
export async function checkEngines(checks: readonly EngineCheck[]): Promise<EngineStatus[]> {
  return Promise.all(
    checks.map(async ({ kind, engine, ping }) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ping(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
          }),
        ]);
        return { kind, engine, status: 'up' as const, ms: Math.round(performance.now() - started) };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        return { kind, engine, status: 'down' as const, ms: Math.round(performance.now() - started), error };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

/** "redis (cache)", or "nedb" where the kind says nothing more. */
const nameOf = (s: EngineStatus) => (s.kind === s.engine ? s.engine : `${s.engine} (${s.kind})`);

/**
 * `GET /readyz`: 200 when every engine the process uses answers, else 503 with the first failing
 * engine's name in the message (`{ message, service, engines }`). `/healthz` stays liveness: it
 * answers whenever the process does.
 */
export function registerReadiness(app: FastifyInstance, service: string, checks: readonly EngineCheck[]): void {
  app.get('/readyz', { schema: { hide: true }, config: { answersUnderPressure: true } }, async (_request, reply) => {
    const engines = await checkEngines(checks);
    const down = engines.filter((e) => e.status === 'down');
    if (down.length === 0) return reply.send({ status: 'ready', service, engines });
    const message = `Not ready: ${down.map((e) => `${nameOf(e)} is not answering (${e.error})`).join('; ')}`;
    return reply.code(503).send({ message, status: 'unready', service, engines });
  });
}
