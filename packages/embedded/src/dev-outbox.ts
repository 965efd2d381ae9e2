import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, readOutbox } from '@limo/platform';

/**
 * `/dev/outbox`: the mails the embedded profile "sent" (written under DATA_DIR/outbox), newest
 * first, each readable as its raw .eml. Only registered in the embedded profile with file mail.
 */
export async function devOutboxRoutes(app: FastifyInstance, opts: { dir: string }) {
  app.get('/dev/outbox', async (_request, reply) => {
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

  app.get<{ Params: { file: string } }>('/dev/outbox/:file', async (request, reply) => {
    // Only files the index names: no path from the URL reaches the disk.
    const entry = (await readOutbox(opts.dir)).find((m) => m.file === request.params.file);
    if (!entry) return reply.code(404).send({ message: 'No such mail' });
    return reply.type('text/plain; charset=utf-8').send(await readFile(join(opts.dir, entry.file), 'utf8'));
  });
}
