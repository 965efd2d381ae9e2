import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './session.js';

/**
 * Answers to a request with a session (and those setting one, as a sign-in does) are the user's own:
 * `Cache-Control: no-store`, so neither a shared cache nor the browser's back button shows them to
 * the next person at the machine. A route that chose its own Cache-Control keeps it.
 */
export function markPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    const setsSession = String(reply.getHeader('set-cookie') ?? '').includes(`${SESSION_COOKIE}=`);
    // `cookies` is unset on an answer given before the cookie plugin ran (load shedding, a refused
    // request): the raw header tells all the same.
    const hasSession = request.cookies
      ? request.cookies[SESSION_COOKIE] !== undefined
      : (request.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
    if (hasSession || setsSession) reply.header('cache-control', 'no-store');
  });
}
