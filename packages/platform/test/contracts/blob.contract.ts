import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/ports/blob.port.js';

/** What a blob adapter's test gives the contract: a store and how to tear it down. */
export interface BlobFixture {
  store: BlobStore;
  close(): Promise<void>;
}

/** The behaviour every BlobStore adapter must have; each test works on keys of its own. */
export function describeBlobContract(name: string, factory: () => Promise<BlobFixture>): void {
  describe(name, () => {
    let fixture: BlobFixture;
    let store: BlobStore;
    const key = (label: string): string => `${label}-${randomUUID()}`;

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.close();
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('returns the exact bytes and media type that were put, also for a blob larger than a GridFS chunk', async () => {
      const small = key('small');
      const large = key('large');
      const smallData = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
      const largeData = randomBytes(600 * 1024);
      await store.put(small, smallData, 'image/webp');
      await store.put(large, largeData, 'application/octet-stream');
      expect(await store.get(small)).toEqual({ data: smallData, contentType: 'image/webp' });
      const got = await store.get(large);
      expect(got?.contentType).toBe('application/octet-stream');
      expect(got?.data.equals(largeData)).toBe(true);
    });

    it('returns null for a key never put', async () => {
      expect(await store.get(key('missing'))).toBeNull();
    });

    it('replaces the blob of a key put twice', async () => {
      const k = key('replace');
      await store.put(k, Buffer.from('first'), 'text/plain');
      await store.put(k, Buffer.from('second'), 'image/png');
      expect(await store.get(k)).toEqual({ data: Buffer.from('second'), contentType: 'image/png' });
    });

    it('deletes a blob, saying whether there was one', async () => {
      const k = key('delete');
      await store.put(k, Buffer.from('bye'), 'text/plain');
      expect(await store.delete(k)).toBe(true);
      expect(await store.get(k)).toBeNull();
      expect(await store.delete(k)).toBe(false);
    });

    it('refuses keys that could escape the store', async () => {
      for (const bad of ['../etc/passwd', 'a/b', '.hidden', '', 'x'.repeat(129)]) {
        await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
        await expect(store.get(bad)).rejects.toThrow(/Invalid blob key/);
      }
    });
  });
}
