import { createServer, connect, type Server, type Socket } from 'node:net';
import { z } from 'zod';
import { defineService } from '../../src/runtime/define-service.js';

/** A TCP proxy to an engine that can be stopped, as the engine itself going away. */
export async function tcpProxy(target: URL): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const engine = connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, engine],
      [engine, client],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: proxied.toString(),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A service with no needs or routes: its /readyz lists the engines of the context it is built on. */
export const readinessProbe = defineService({
  name: 'identity',
  description: 'readiness probe',
  env: z.object({}),
  produces: [],
  needs: {},
  init: async () => ({ deps: {}, routes: [] }),
});
