import { hash, randomBytes } from 'node:crypto';
import type { Cache } from '@limo/platform';
import { utcDay } from '@limo/analytics-store';

/** Salts live two days: today's hashes visitors, yesterday's is kept for visits across midnight, then both are gone. */
const SALT_TTL_MS = 2 * 24 * 60 * 60 * 1000;

/** The first 16 hex characters of SHA-256(salt, text), in one call (a hash object a call costs twice as much). */
const sha256Hex = (salt: Buffer, text: string): string => hash('sha256', Buffer.concat([salt, Buffer.from(text)]), 'hex').slice(0, 16);

/**
 * Counts unique visitors without cookies or stored IPs (Plausible's scheme): the visitor id is a hash
 * of a random salt of the day, the client IP and the user agent. Salts are kept in the shared cache
 * (Redis in the distributed profile, so every instance hashes alike) for two days and then expire, so
 * an id cannot be traced back to an IP afterwards, and the same person is a new visitor each day.
 */
export class VisitorIds {
  /** The salts read from the cache, re-read after a minute so every instance converges on the stored one. */
  private readonly local = new Map<string, { salt: Buffer; readAt: number }>();
  /** The reads of the cache under way, by day. */
  private readonly reading = new Map<string, Promise<Buffer>>();

  constructor(private readonly cache: Cache) {}

  /** The visitor id (16 hex characters) of `ip` + `userAgent` on the UTC day of `now`. */
  async visitorId(ip: string, userAgent: string, now: Date = new Date()): Promise<string> {
    const salt = await this.saltOf(utcDay(now));
    return sha256Hex(salt, `${ip}\u0000${userAgent}`);
  }

  /**
   * The client id (16 hex characters) of `ip` alone on the UTC day of `now`: the same salt, another
   * domain, so it never equals a visitor id. Used only as a rate-limit key (a minute or a burst
   * window), never stored with the data; it caps what one IP counts however many user agents it sends.
   */
  async clientId(ip: string, now: Date = new Date()): Promise<string> {
    const salt = await this.saltOf(utcDay(now));
    return sha256Hex(salt, `client-ip\u0000${ip}`);
  }

  private saltOf(day: string): Promise<Buffer> {
    const known = this.local.get(day);
    if (known && Date.now() - known.readAt < 60_000) return Promise.resolve(known.salt);
    // Concurrent requests of this instance share one read of the cache.
    let reading = this.reading.get(day);
    if (!reading) {
      reading = this.readSalt(day).finally(() => this.reading.delete(day));
      this.reading.set(day, reading);
    }
    return reading;
  }

  private async readSalt(day: string): Promise<Buffer> {
    const key = `analytics:salt:${day}`;
    let stored = await this.cache.get<string>(key);
    if (!stored) {
      // Instances racing to create the day's salt: the first add wins, and every one uses the stored salt.
      await this.cache.add(key, randomBytes(32).toString('base64'), SALT_TTL_MS);
      stored = await this.cache.get<string>(key);
      if (!stored) throw new Error(`the salt of ${day} could not be kept in the cache`);
    }
    const salt = Buffer.from(stored, 'base64');
    for (const old of this.local.keys()) if (old < day) this.local.delete(old);
    this.local.set(day, { salt, readAt: Date.now() });
    return salt;
  }
}
