import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app's pages: our own scripts and API, Google Maps (its
 * documented allowlist, which needs 'unsafe-eval' and blob: workers), the key-less map's style host
 * (`MAP_STYLE_URL`'s origin, whose style, tiles, glyphs and sprites MapLibre fetches) and Stripe
 * Elements (js.stripe.com, api.stripe.com, the js/hooks.stripe.com frames). Styles allow inline: Chakra
 * UI (emotion) injects them. JSON-LD blocks are data, not scripts, so they need no exception.
 */
const contentSecurityPolicy = (mapOrigin: string) =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' blob: https://maps.googleapis.com https://*.googleapis.com https://*.gstatic.com https://*.google.com https://js.stripe.com",
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.googleusercontent.com https://*.stripe.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    `connect-src 'self' ${mapOrigin} https://*.googleapis.com https://*.google.com https://*.gstatic.com https://api.stripe.com https://js.stripe.com data: blob:`,
    'frame-src https://js.stripe.com https://hooks.stripe.com https://*.google.com',
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

/**
 * Security headers on every gateway answer (nosniff, referrer policy, no framing, HSTS on https) and
 * the CSP on HTML pages. Swagger UI (`/api/docs`) sets its own CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean; mapStyleUrl: string }): void {
  const policy = contentSecurityPolicy(new URL(opts.mapStyleUrl).origin);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (opts.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !request.url.startsWith('/api/docs')) reply.header('content-security-policy', policy);
    return payload;
  });
}
