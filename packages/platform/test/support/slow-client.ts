import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { MemoryCache } from '../../src/adapters/memory.cache.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { createServiceApp } from '../../src/fastify/service-app.js';
import { createLogger } from '../../src/logger.js';

/** Server timeouts short enough that a slow client shows within a second or two (environment variables). */
const SHORT_TIMEOUTS = {
  HTTP_HEADERS_TIMEOUT_MS: '400',
  HTTP_REQUEST_TIMEOUT_MS: '10000',
  HTTP_CONNECTION_TIMEOUT_MS: '5000',
};

/**
 * A service with SHORT_TIMEOUTS on a free port of 127.0.0.1, whose POST `path` answers the length of
 * the JSON body it received (what slowUpload checks).
 */
export async function shortTimeoutService(name: string, path: string): Promise<{ app: FastifyInstance; config: Config; port: number }> {
  const config = loadConfig({ DATA_DIR: `/tmp/limo-${name}-timeouts-test`, JWT_SECRET: 't'.repeat(40), ...SHORT_TIMEOUTS });
  const app = await createServiceApp({ name, config, logger: createLogger('silent'), cache: new MemoryCache() });
  app.post(path, async (request) => ({ received: JSON.stringify(request.body).length }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, config, port: (app.server.address() as { port: number }).port };
}

/** What a raw HTTP client saw: the bytes answered, and whether the server closed on it mid-request. */
export interface SlowClientResult {
  /** Everything the server sent back (status line, headers, body). */
  answer: string;
  /** The server closed the connection before the client had sent all it meant to. */
  cutOff: boolean;
  /** Milliseconds from connecting to the server closing the connection. */
  closedAfterMs: number;
}

/**
 * Sends `head` (an HTTP request line and headers, CRLF-separated, without the final blank line when
 * the headers are to be trickled) and then `pieces` one every `everyMs`, over one raw TCP connection;
 * waits for the server to close it, the answer to hold `until`, or `waitMs` to pass. A slow-loris client trickles header lines;
 * a slow uploader sends its headers at once and trickles the body.
 */
export async function slowClient(
  port: number,
  options: { head: string; pieces: string[]; everyMs: number; waitMs: number; until?: string },
): Promise<SlowClientResult> {
  const socket = connect({ host: '127.0.0.1', port });
  const started = Date.now();
  let answer = '';
  let closed = false;
  let closedAfterMs = -1;
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  const done = new Promise<void>((resolve) => {
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (options.until !== undefined && answer.includes(options.until)) resolve();
    });
    socket.on('close', () => {
      closed = true;
      closedAfterMs = Date.now() - started;
      resolve();
    });
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(options.head);
  let sent = 0;
  for (const piece of options.pieces) {
    await delay(options.everyMs);
    if (closed) break;
    socket.write(piece);
    sent++;
  }
  const cutOff = sent < options.pieces.length;
  await Promise.race([done, delay(options.waitMs)]);
  socket.destroy();
  return { answer, cutOff, closedAfterMs };
}

/** A client that sends `request` (or only its start) and goes away 100 ms later, before the answer. */
export const abandonRequest = (port: number, request: string): Promise<SlowClientResult> =>
  slowClient(port, { head: request, pieces: [], everyMs: 0, waitMs: 100 });

/** A slow-loris client: the request line at once, then a header line every 100 ms, for 4 s. */
export function slowLoris(port: number, path: string): Promise<SlowClientResult> {
  return slowClient(port, {
    head: `GET ${path} HTTP/1.1\r\nHost: test\r\n`,
    pieces: Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    everyMs: 100,
    waitMs: 2_000,
  });
}

/**
 * A slow but honest upload: the headers at once, then a JSON body of about 30 KB in 15 pieces, one
 * every 100 ms (1.5 s in all: past SHORT_TIMEOUTS' headers deadline, well within its request deadline).
 * The route is expected to answer `{"received": <the body's length>}`.
 */
export async function slowUpload(port: number, path: string): Promise<SlowClientResult & { received: string }> {
  const body = JSON.stringify({ name: 'x'.repeat(30_000) });
  const received = `{"received":${body.length}}`;
  const result = await slowClient(port, {
    head: `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    pieces: Array.from({ length: 15 }, (_, i) => body.slice((i * body.length) / 15, ((i + 1) * body.length) / 15)),
    everyMs: 100,
    waitMs: 5_000,
    until: received,
  });
  return { ...result, received };
}
