import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache, RateLimiter } from '../../src/ports/cache.port.js';

/** What a cache adapter's test gives the contract: a cache, a rate limiter, and how to tear both down. */
export interface CacheFixture {
  cache: Cache;
  limiter: RateLimiter;
  close(): Promise<void>;
}

/**
 * The behaviour every Cache and RateLimiter adapter must have. One fixture serves the whole suite;
 * each test works on keys of its own, so tests never see each other's data.
 */
export function describeCacheContract(name: string, factory: () => Promise<CacheFixture>): void {
  describe(name, () => {
    let fixture: CacheFixture;
    let cache: Cache;
    let limiter: RateLimiter;
    const key = (label: string): string => `contract:${label}:${randomUUID()}`;

    beforeAll(async () => {
      fixture = await factory();
      ({ cache, limiter } = fixture);
    });
    afterAll(async () => {
      await fixture?.close();
    });

    it('answers ping', async () => {
      await expect(cache.ping()).resolves.toBeUndefined();
    });

    it('returns what was set, for objects, arrays, strings, numbers, booleans and null', async () => {
      const values = [
        { name: 'Ace Limo', rating: 4.5, tags: ['sedan', 'suv'], address: { city: 'Austin', zip: '78701' }, owner: null },
        [1, 'two', { three: 3 }],
        'Quinceañera — ¡Hola!',
        42,
        false,
        null,
      ];
      const keys = values.map(() => key('roundtrip'));
      await Promise.all(values.map((value, i) => cache.set(keys[i], value, 60_000)));
      for (const [i, value] of values.entries()) {
        expect(await cache.get(keys[i])).toEqual(value);
      }
    });

    it('returns undefined for a key never set', async () => {
      expect(await cache.get(key('missing'))).toBeUndefined();
    });

    it('replaces the value of a key set twice', async () => {
      const k = key('overwrite');
      await cache.set(k, { version: 1 }, 60_000);
      await cache.set(k, { version: 2 }, 60_000);
      expect(await cache.get(k)).toEqual({ version: 2 });
    });

    it('adds a key that holds nothing, exactly once of many concurrent adds, and again once its TTL has passed', async () => {
      const k = key('add');
      const added = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.add(k, { claim: i }, 150)));
      expect(added.filter(Boolean)).toHaveLength(1);
      expect(await cache.get(k)).toEqual({ claim: added.indexOf(true) });
      expect(await cache.add(k, { claim: 'late' }, 60_000)).toBe(false);
      await new Promise((r) => setTimeout(r, 250));
      expect(await cache.add(k, { claim: 'after' }, 60_000)).toBe(true);
      expect(await cache.get(k)).toEqual({ claim: 'after' });
      await cache.del(k);
    });

    it('forgets a value once its TTL has passed, and only then', async () => {
      const short = key('ttl-short');
      const long = key('ttl-long');
      await cache.set(short, { fresh: true }, 150);
      await cache.set(long, { fresh: true }, 60_000);
      expect(await cache.get(short)).toEqual({ fresh: true });
      await expect.poll(() => cache.get(short), { timeout: 3_000, interval: 25 }).toBeUndefined();
      expect(await cache.get(long)).toEqual({ fresh: true });
    });

    it('returns a text exactly as it was set, JSON or not, and forgets it once its TTL has passed', async () => {
      const page = key('text-page');
      const plain = key('text-plain');
      const short = key('text-short');
      const json = '[{"name":"Ace \\"VIP\\" Limo","city":"Quinceañera — ¡Hola!"}]';
      await cache.setText(page, json, 60_000);
      await cache.setText(plain, '12\n{"not": json', 60_000);
      await cache.setText(short, 'soon gone', 150);
      expect(await cache.getText(page)).toBe(json);
      expect(await cache.getText(plain)).toBe('12\n{"not": json');
      expect(await cache.getText(key('text-missing'))).toBeUndefined();
      await expect(cache.setText(key('text-bad-ttl'), 'x', 0)).rejects.toThrow(RangeError);
      await expect.poll(() => cache.getText(short), { timeout: 3_000, interval: 25 }).toBeUndefined();
      await cache.del(page);
      expect(await cache.getText(page)).toBeUndefined();
    });

    it('deletes a key, and deleting a missing key is not an error', async () => {
      const k = key('del');
      await cache.set(k, 'gone soon', 60_000);
      await cache.del(k);
      expect(await cache.get(k)).toBeUndefined();
      await expect(cache.del(key('del-missing'))).resolves.toBeUndefined();
    });

    it('increments a counter that starts at 0, readable with get', async () => {
      const k = key('incr');
      expect(await cache.incr(k)).toBe(1);
      expect(await cache.incr(k)).toBe(2);
      expect(await cache.incr(k)).toBe(3);
      expect(await cache.get(k)).toBe(3);
      await cache.del(k);
    });

    it('counts 100 concurrent increments exactly once each', async () => {
      const k = key('incr-concurrent');
      const results = await Promise.all(Array.from({ length: 100 }, () => cache.incr(k)));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(await cache.get(k)).toBe(100);
      await cache.del(k);
    });

    it('keeps the stored value apart from the object that was set and the objects it returns', async () => {
      const k = key('isolation');
      const value = { name: 'Ace Limo', tags: ['sedan'] };
      await cache.set(k, value, 60_000);
      value.name = 'changed by the caller';
      value.tags.push('changed');

      const first = await cache.get<{ name: string; tags: string[] }>(k);
      expect(first).toEqual({ name: 'Ace Limo', tags: ['sedan'] });
      first!.name = 'changed by a reader';
      first!.tags.push('changed');
      expect(await cache.get(k)).toEqual({ name: 'Ace Limo', tags: ['sedan'] });
    });

    it('allows `limit` hits in a window, then refuses with 0 remaining and the time to reset', async () => {
      const k = key('limit');
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(k, 3, 10_000));
      expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      for (const { resetMs } of results) {
        expect(resetMs).toBeGreaterThan(0);
        expect(resetMs).toBeLessThanOrEqual(10_000);
      }
      await limiter.reset(k);
    });

    it('counts a weighted hit as its cost, and refuses a whole-number cost below 1', async () => {
      const k = key('cost');
      expect(await limiter.hit(k, 10, 10_000, 4)).toMatchObject({ allowed: true, remaining: 6, count: 4 });
      expect(await limiter.hit(k, 10, 10_000, 4)).toMatchObject({ allowed: true, remaining: 2, count: 8 });
      // The count past the limit says how many of a weighted hit's units fit (here 2 of 4).
      expect(await limiter.hit(k, 10, 10_000, 4)).toMatchObject({ allowed: false, remaining: 0, count: 12 });
      await expect(limiter.hit(k, 10, 10_000, 0)).rejects.toThrow(RangeError);
      await limiter.reset(k);
    });

    it('allows exactly `limit` of many concurrent hits', async () => {
      const k = key('limit-concurrent');
      const results = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(k, 10, 10_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect([...new Set(results.filter((r) => r.allowed).map((r) => r.remaining))].sort((a, b) => a - b)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      await limiter.reset(k);
    });

    it('opens a new window once the old one has passed', async () => {
      const k = key('window');
      await limiter.hit(k, 1, 200);
      expect((await limiter.hit(k, 1, 200)).allowed).toBe(false);
      await expect.poll(async () => (await limiter.hit(k, 1, 200)).allowed, { timeout: 3_000, interval: 50 }).toBe(true);
      await limiter.reset(k);
    });

    it('counts each key on its own', async () => {
      const a = key('limit-a');
      const b = key('limit-b');
      await limiter.hit(a, 1, 10_000);
      expect((await limiter.hit(a, 1, 10_000)).allowed).toBe(false);
      expect(await limiter.hit(b, 1, 10_000)).toMatchObject({ allowed: true, remaining: 0 });
      await Promise.all([limiter.reset(a), limiter.reset(b)]);
    });

    it('starts a key afresh after reset', async () => {
      const k = key('reset');
      await limiter.hit(k, 2, 10_000);
      await limiter.hit(k, 2, 10_000);
      expect((await limiter.hit(k, 2, 10_000)).allowed).toBe(false);
      await limiter.reset(k);
      expect(await limiter.hit(k, 2, 10_000)).toMatchObject({ allowed: true, remaining: 1 });
      await limiter.reset(k);
    });
  });
}
