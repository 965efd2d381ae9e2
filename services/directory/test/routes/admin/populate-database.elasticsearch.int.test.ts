import { expect, it } from 'vitest';
import type { Company } from '@limo/contracts';
import { describeWithEngine } from '@limo/platform/testing';
import { elasticsearchIndex } from '@limo/engine-elasticsearch/testing';
import { call, startDirectory, userOf } from '../../support.js';

// Issue 23 #8: populate answered while Elasticsearch still got its companies one event (and one
// refresh) at a time, ~14 a second; demo data in a directory beside a shared index.
describeWithEngine('populate and demo data on Elasticsearch', 'ELASTICSEARCH_URL', (url) => {
  const withIndex = async (env: Record<string, string>, body: (h: Awaited<ReturnType<typeof startDirectory>>) => Promise<void>) => {
    const { index, close } = await elasticsearchIndex(url, 'companies-populate');
    const h = await startDirectory(env, { searchIndex: index });
    try {
      await body(h);
    } finally {
      await h.close();
      await close();
    }
  };

  it('POST /api/admin/populate-database answers once all 1,900 companies are searchable', async () => {
    await withIndex({}, async (h) => {
      const res = await call(h, 'POST', '/api/admin/populate-database', userOf(h, 'admin'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ companiesAdded: 1900, totalCompanies: 1900 });
      expect((await call(h, 'GET', '/api/companies')).headers['x-total-count']).toBe('1900');
      expect((await call(h, 'GET', '/api/companies?location=Miami,%20FL')).headers['x-total-count']).toBe('100');
    });
  }, 60_000);

  it('seeds rated demo companies searchable at start when SEED_DEMO_DATA=true', async () => {
    await withIndex({ SEED_DEMO_DATA: 'true' }, async (h) => {
      const rated = await call(h, 'GET', '/api/companies?location=Miami,%20FL&sort=rating');
      expect(Number(rated.headers['x-total-count'])).toBe(100);
      expect(rated.json<Company[]>()[0].rating).toBeGreaterThan(0);
    });
  }, 60_000);
});
