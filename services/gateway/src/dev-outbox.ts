import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, INTERNAL_HEADER, readOutbox, type Config } from '@limo/platform';
import type { GatewaySettings } from './settings.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Whether `/dev/outbox` is served: embedded profile with file mail only (never distributed, never
 * with SMTP), and then only when DEV_OUTBOX=true or, DEV_OUTBOX unset, the gateway listens on
 * loopback only. Even then only an admin may read it (see {@link devOutboxRoutes}).
 */
export function devOutboxEnabled(config: Config, settings: Pick<GatewaySettings, 'DEV_OUTBOX'>): boolean {
  if (config.PROFILE !== 'embedded' || config.SMTP_URL) return false;
  return settings.DEV_OUTBOX ?? LOOPBACK_HOSTS.has(config.HOST);
}

/**
 * `/dev/outbox`: the mails the embedded profile "sent" (written under DATA_DIR/outbox), newest
 * first, each readable as its raw .eml. Admins only: the mails hold password-reset links and every
 * customer's trip, so the session is checked with identity (`/api/me`, revocations included).
 */
export async function devOutboxRoutes(app: FastifyInstance, opts: { dir: string; identityUrl: string; internalSecret: string }) {
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.headers.cookie;
    const me = cookie
      ? await fetch(new URL('/api/me', opts.identityUrl), { headers: { cookie, [INTERNAL_HEADER]: opts.internalSecret } }).catch(
          () => undefined,
        )
      : undefined;
    if (!me?.ok) return reply.code(401).send({ message: 'Sign in as an admin to read the outbox' });
    const user = (await me.json()) as { role?: unknown };
    if (user.role !== 'admin') return reply.code(403).send({ message: 'Only admins may read the outbox' });
  };

  // Password-reset links and customers' trips: kept by no cache, the browser's included.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/dev/outbox', { preHandler: requireAdmin }, async (_request, reply) => {
    const mails = (await readOutbox(opts.dir)).reverse();
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/outbox/${encodeURIComponent(m.file)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.tag ?? '')}</td></tr>`,
      )
      .join('\n');
    return reply.type('text/html').send(`<!doctype html><html><head><meta charset="utf-8"><title>Outbox (${mails.length})</title>
<style>body{font-family:system-ui,sans-serif;margin:24px}td,th{padding:4px 12px;text-align:left;border-bottom:1px solid #ddd}</style></head>
<body><h1>Outbox: ${mails.length} mails</h1><p>Mails the embedded profile wrote to ${escapeHtml(opts.dir)}.</p>
<table><tr><th>sent</th><th>to</th><th>subject</th><th>tag</th></tr>${rows}</table></body></html>`);
  });

  app.get<{ Params: { file: string } }>('/dev/outbox/:file', { preHandler: requireAdmin }, async (request, reply) => {
    // Only files the index names: no path from the URL reaches the disk.
    const entry = (await readOutbox(opts.dir)).find((m) => m.file === request.params.file);
    if (!entry) return reply.code(404).send({ message: 'No such mail' });
    return reply.type('text/plain; charset=utf-8').send(await readFile(join(opts.dir, entry.file), 'utf8'));
  });
}
