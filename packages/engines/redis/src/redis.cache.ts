import { Redis } from 'ioredis';
import {
  assertCost,
  assertTtl,
  assertWindow,
  redactUrl,
  toCacheJson,
  type Cache,
  type Logger,
  type RateLimiter,
  type RateLimitResult,
} from '@limo/platform';

/** How to reach Redis. */
export interface RedisCacheOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  url: string;
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** Receives connection errors while ioredis reconnects in the background. */
  logger?: Logger;
}

const CONNECT_TIMEOUT_MS = 3_000;
const PING_TIMEOUT_MS = 3_000;

/**
 * Connects to Redis, failing fast with `Redis unreachable at <url>: <reason>` instead of retrying
 * forever, so a misconfigured engine stops start-up. Once connected, ioredis reconnects on its own.
 */
export async function connectRedis(options: RedisCacheOptions): Promise<Redis> {
  const client = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
  });
  // Without a listener ioredis prints every reconnect error to stderr.
  client.on('error', (err: Error) => options.logger?.warn({ err }, 'redis connection error'));
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (err) {
    client.disconnect();
    throw unreachable(options.url, err);
  }
}

/** The distributed cache: JSON values under `cache:<key>` with a PX TTL. */
export class RedisCache implements Cache {
  constructor(
    private readonly client: Redis,
    private readonly url: string,
  ) {}

  /** Connects (see {@link connectRedis}) and returns a cache owning the connection. */
  static async create(options: RedisCacheOptions): Promise<RedisCache> {
    return new RedisCache(await connectRedis(options), options.url);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const json = await this.client.get(cacheKey(key));
    return json === null ? undefined : (JSON.parse(json) as T);
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    assertTtl(ttlMs);
    await this.client.set(cacheKey(key), toCacheJson(value), 'PX', Math.ceil(ttlMs));
  }

  async add(key: string, value: unknown, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    return (await this.client.set(cacheKey(key), toCacheJson(value), 'PX', Math.ceil(ttlMs), 'NX')) === 'OK';
  }

  async getText(key: string): Promise<string | undefined> {
    return (await this.client.get(cacheKey(key))) ?? undefined;
  }

  async setText(key: string, text: string, ttlMs: number): Promise<void> {
    assertTtl(ttlMs);
    await this.client.set(cacheKey(key), text, 'PX', Math.ceil(ttlMs));
  }

  async del(key: string): Promise<void> {
    await this.client.del(cacheKey(key));
  }

  async incr(key: string): Promise<number> {
    return this.client.incr(cacheKey(key));
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no reply within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.client.ping(), timeout]);
    } catch (err) {
      throw unreachable(this.url, err);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Quits the connection, which a {@link RedisRateLimiter} built from the same client shares. */
  async close(): Promise<void> {
    if (this.client.status === 'end') return;
    try {
      await this.client.quit();
    } catch {
      // The connection is already broken: drop it without waiting for a reply.
      this.client.disconnect();
    }
  }
}

/**
 * The distributed fixed-window rate limiter: one atomic MULTI per hit (INCR, PEXPIRE NX so only the
 * hit that opens the window sets its end, PTTL for the time left) under `ratelimit:<key>`.
 * PEXPIRE NX needs Redis 7.
 */
export class RedisRateLimiter implements RateLimiter {
  private constructor(private readonly client: Redis) {}

  /** Builds a limiter on an existing connection (typically the cache's); it never closes it. */
  static fromClient(client: Redis): RedisRateLimiter {
    return new RedisRateLimiter(client);
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<RateLimitResult> {
    assertWindow(windowMs);
    assertCost(cost);
    const redisKey = rateLimitKey(key);
    const replies = await this.client.multi().incrby(redisKey, cost).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
    if (!replies) throw new Error('Redis rate-limit transaction was aborted');
    const [count, , ttl] = replies.map(([err, reply]) => {
      if (err) throw err;
      return Number(reply);
    });
    const allowed = count <= limit;
    return { allowed, remaining: allowed ? limit - count : 0, resetMs: ttl > 0 ? ttl : windowMs, count };
  }

  async reset(key: string): Promise<void> {
    await this.client.del(rateLimitKey(key));
  }
}

/** Connects once and builds the cache and the rate limiter on that one connection; `cache.close()` closes both. */
export async function createRedisCacheAndLimiter(options: RedisCacheOptions): Promise<{ cache: RedisCache; limiter: RedisRateLimiter }> {
  const client = await connectRedis(options);
  return { cache: new RedisCache(client, options.url), limiter: RedisRateLimiter.fromClient(client) };
}

// Separate namespaces, so a cache key can never be read as a rate-limit counter or the reverse.
const cacheKey = (key: string): string => `cache:${key}`;
const rateLimitKey = (key: string): string => `ratelimit:${key}`;

function unreachable(url: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  return new Error(`Redis unreachable at ${redactUrl(url)}: ${reason}`, { cause: err });
}
