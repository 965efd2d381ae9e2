import type { FastifyInstance } from 'fastify';
import { SIGNED_IN_COOKIE } from '@limo/contracts';
import { SESSION_COOKIE, signedInMarkCookie, type Config } from '@limo/platform';

/** The names of the cookies a request carries. */
function cookieNames(header: string | undefined): Set<string> {
  return new Set((header ?? '').split(';').map((pair) => pair.split('=', 1)[0]?.trim() ?? ''));
}

/**
 * A page served to a browser that has a session cookie but not the signed-in mark (a session made
 * before the mark existed) sets the mark, so the web app asks who is signed in instead of showing the
 * visitor signed out. That answer is the browser's own: `private`.
 */
export function registerSignedInMark(app: FastifyInstance, config: Pick<Config, 'COOKIE_SECURE'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const names = cookieNames(request.headers.cookie);
    if (!names.has(SESSION_COOKIE) || names.has(SIGNED_IN_COOKIE)) return payload;
    reply.header('set-cookie', signedInMarkCookie(config)).header('cache-control', 'private, no-cache');
    return payload;
  });
}
