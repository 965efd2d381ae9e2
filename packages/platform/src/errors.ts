/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Array<{ field: string; message: string }>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? [{ field, message }] : undefined);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/**
 * A failure of something outside the code that will pass by itself (a store or broker unreachable,
 * a timeout, a server shedding load): worth retrying for as long as it lasts, never a reason to give
 * up on the work. Throw it to mark such a failure; {@link isTransientError} recognises it.
 */
export class TransientError extends Error {
  readonly transient = true;
}

/**
 * An event no handler can ever read (its data does not match the schema its consumer declared, or no
 * schema is declared for its type): retrying changes nothing, so the bus dead-letters it at once and
 * the events behind it go on.
 */
export class InvalidEventError extends Error {
  readonly invalidEvent = true;
}

/**
 * Driver errors of the engines behind the ports (MongoDB, Elasticsearch, Kafka) that mean "unreachable
 * or overloaded". Not MongoDB's "topology closed" or "not connected": those mean this process closed
 * its own client, which no retry mends.
 */
const TRANSIENT_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
  'ConnectionError',
  'NoLivingConnectionsError',
  'TimeoutError',
  'MaxRetriesPerRequestError',
]);
/** Socket errors of Node, and @platformatic/kafka's network errors and timeouts (a broker away). */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PLT_KFK_NETWORK',
  'PLT_KFK_TIMEOUT',
]);
/** HTTP answers of a server that is overloaded or restarting (Elasticsearch's 429 and 503). */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);
/** MongoDB's labels for an operation that may succeed when tried again. */
const TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool'];

/**
 * Whether `err` (or an error it wraps, through `cause` or an aggregate's `errors`) is a failure that passes by itself: a
 * {@link TransientError}, an engine driver's "unreachable", "timed out" or "overloaded", a socket error,
 * or mongoose's wait for a connection that never came. Anything else (a bug, an event the handler
 * cannot read, a rule it breaks) is not: retrying it changes nothing.
 */
export function isTransientError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as {
      transient?: unknown;
      name?: unknown;
      code?: unknown;
      message?: unknown;
      meta?: { statusCode?: unknown };
      errorLabels?: unknown;
      errors?: unknown;
    };
    if (x.transient === true) return true;
    // @platformatic/kafka gathers the failures of its retries in `errors` ("fetch failed 4 times").
    if (Array.isArray(x.errors) && x.errors.some((inner) => isTransientError(inner))) return true;
    if (typeof x.name === 'string' && TRANSIENT_NAMES.has(x.name)) return true;
    if (typeof x.code === 'string' && TRANSIENT_CODES.has(x.code)) return true;
    if (typeof x.meta?.statusCode === 'number' && TRANSIENT_STATUSES.has(x.meta.statusCode)) return true;
    if (Array.isArray(x.errorLabels) && x.errorLabels.some((label) => TRANSIENT_LABELS.includes(label as string))) return true;
    if (typeof x.message === 'string' && /buffering timed out after/.test(x.message)) return true;
  }
  return false;
}
