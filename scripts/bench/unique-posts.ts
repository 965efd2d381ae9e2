import { spawn } from 'node:child_process';

/** What one run of {@link uniquePosts} measured. */
export interface PostsResult {
  /** Answers with a 2xx status. */
  ok: number;
  /** Non-2xx answers, errors and timeouts. */
  failed: number;
  seconds: number;
  p50: number;
  p99: number;
}

// Runs in a child process, so the client shares neither the event loop nor the CPU time (process.cpuUsage)
// of the server it measures. autocannon's idReplacement cannot be used: it sets Content-Length for ids
// of 27 characters and hangs otherwise.
const CLIENT = `
process.once('message', ({ url, template, headers, connections, amount, timeoutMs, run }) => {
let next = 0, ok = 0, failed = 0;
const latencies = [];
async function lane() {
  while (next < amount) {
    const n = next++;
    const body = template.split('__ID__').join(run + '-' + n);
    const started = performance.now();
    try {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      if (res.status >= 200 && res.status < 300) ok++; else failed++;
    } catch { failed++; }
    latencies.push(performance.now() - started);
  }
}
const t0 = performance.now();
Promise.all(Array.from({ length: connections }, lane)).then(() => {
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] || 0;
  process.send({ ok, failed, seconds: (performance.now() - t0) / 1000, p50: Math.round(at(0.5)), p99: Math.round(at(0.99)) });
});
});
`;

/**
 * POSTs `amount` requests over `connections` concurrent lanes from a child process; in `template`
 * every `__ID__` becomes an id unique to the request (so no two events are the same).
 */
export function uniquePosts(options: {
  url: string;
  template: string;
  headers: Record<string, string>;
  connections: number;
  amount: number;
  timeoutMs?: number;
}): Promise<PostsResult> {
  const settings = { timeoutMs: 10_000, run: Math.random().toString(36).slice(2, 8), ...options };
  const client = spawn(process.execPath, ['-e', CLIENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  client.send(settings);
  return new Promise((resolve, reject) => {
    client.once('message', (result: PostsResult) => {
      resolve(result);
      client.disconnect();
    });
    client.once('error', reject);
    client.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load client exited with ${code}`));
    });
  });
}
