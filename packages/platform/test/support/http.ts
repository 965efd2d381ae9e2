import { createServer } from 'node:net';

/**
 * Fresh client addresses `<prefix>.x.y`, one a call, so the per-IP limits of one test never trip
 * another. Give each test file its own prefix.
 */
export function ipSequence(prefix: string): () => string {
  let counter = 0;
  return () => `${prefix}.${Math.floor(++counter / 250)}.${counter % 250}`;
}

/** A tiny cookie-keeping client for journeys through the gateway, as a browser would call it. */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        origin: this.baseUrl,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair.split('=');
      if (!value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json: json as Record<string, unknown> & Array<Record<string, unknown>>, text };
  }
}

/** The ports freePort gave this process. */
const handedOut = new Set<number>();

/** A TCP port nobody listens on right now, and not one freePort gave this process before. */
export async function freePort(): Promise<number> {
  // The system may give a port it gave before once that one is closed again: a caller asking twice
  // (a broker's port and its controller's) would get one port for both.
  for (let tries = 0; tries < 50; tries++) {
    const port = await unusedPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no port this process has not been given already');
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
