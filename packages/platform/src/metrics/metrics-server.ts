import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import { metricsRegistry } from './metrics.js';

/** The running `/metrics` endpoint. */
export interface MetricsServer {
  /** Where it answers, e.g. `http://127.0.0.1:9464/metrics`. */
  url: string;
  close(): Promise<void>;
}

let defaultsCollected = false;

/**
 * Serves the process's metrics (prom-client's registry, with its default process metrics: event-loop
 * delay, heap, GC, CPU) in Prometheus text format at `GET /metrics` on METRICS_HOST:METRICS_PORT, a
 * port of its own that is never the public one (0: any free port). Fails if the port is taken.
 */
export async function startMetricsServer(config: Pick<Config, 'METRICS_HOST' | 'METRICS_PORT'>, logger: Logger): Promise<MetricsServer> {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: metricsRegistry });
    defaultsCollected = true;
  }
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Only GET /metrics here' }));
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err }, 'metrics not collected');
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Metrics not collected' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(new Error(`metrics: cannot listen on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${err.message}`)),
    );
    server.listen(config.METRICS_PORT, config.METRICS_HOST, resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
  logger.info({ url }, 'metrics served');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
