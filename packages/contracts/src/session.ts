// No schema here: the web app's first chunk imports this module, and a module of zod schemas would
// bring them (and zod) along.

/**
 * A cookie the browser's script may read, set and cleared with the (HttpOnly) session cookie: while it
 * is absent the web app knows it is signed out without asking `GET /api/me`, whose 401 every
 * signed-out visitor's page would otherwise log as an error.
 */
export const SIGNED_IN_COOKIE = 'limo_signed_in';
