import { describe, expect, it } from 'vitest';
import type { Company, CompanyDetail } from '@limo/contracts';
import { createDirectoryService } from '../src/app.js';
import { call, startDirectory, userOf } from './support.js';

describe('demo data in the embedded profile', () => {
  it('fills an empty directory with the 1,900 companies and approved reviews, searchable at once, and only once', async () => {
    const started = Date.now();
    const h = await startDirectory({ SEED_DEMO_DATA: 'true' });
    const startMs = Date.now() - started;
    try {
      const search = await call(h, 'GET', '/api/companies?location=Miami,%20FL&sort=rating');
      expect(Number(search.headers['x-total-count'])).toBeGreaterThanOrEqual(100);
      const best = search.json<Company[]>()[0];
      expect(best.rating).toBeGreaterThan(0);
      const detail = (await call(h, 'GET', `/api/companies/${best.id}`)).json<CompanyDetail>();
      expect(detail.reviewCount).toBe(best.reviewCount);
      expect(detail.reviews.every((r) => r.status === 'approved')).toBe(true);
      expect((await call(h, 'GET', '/api/admin/pending-reviews', userOf(h, 'admin'))).json()).toEqual([]);
      // Fast enough for `make start` to come up in seconds.
      expect(startMs).toBeLessThan(15_000);
      console.log(`directory start with demo data: ${startMs} ms`);

      // A restart on the same store adds nothing.
      await h.service.app.close();
      await h.service.stop();
      const again = await createDirectoryService(h.ctx);
      await again.start();
      const total = (await call({ app: again.app }, 'GET', '/api/companies')).headers['x-total-count'];
      expect(total).toBe('1900');
      await again.app.close();
      await again.stop();
    } finally {
      await h.ctx.close();
    }
  });

  it('is skipped with SEED_DEMO_DATA=false', async () => {
    const h = await startDirectory({ SEED_DEMO_DATA: 'false' });
    try {
      expect((await call(h, 'GET', '/api/companies')).headers['x-total-count']).toBe('0');
    } finally {
      await h.close();
    }
  });
});
