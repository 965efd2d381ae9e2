import { describe, expect, it } from 'vitest';
import { companyRevision } from '@limo/company-search';
import { describeCompanySearchContract, searchDocument } from '@limo/company-search/testing';
import { describeWithEngine } from '@limo/platform/testing';
import { ElasticsearchCompanySearch } from '../src/elasticsearch.company-search.js';
import { elasticsearchIndex } from './support/indexes.js';

describeWithEngine('CompanySearch contract: elasticsearch', 'ELASTICSEARCH_URL', (url) => {
  describeCompanySearchContract('elasticsearch 8', () => elasticsearchIndex(url, 'companies-test'));
});

describeWithEngine('ElasticsearchCompanySearch hits', 'ELASTICSEARCH_URL', (url) => {
  it('name the copy of each company the index holds, so a kept JSON is reused only for that copy', async () => {
    const { index, close } = await elasticsearchIndex(url, 'companies-revision');
    try {
      const company = searchDocument({
        id: 'rev-1',
        name: 'Revision Limo',
        description: 'Sedans',
        version: 3,
        updatedAt: '2024-02-01T10:00:00.123Z',
      });
      await index.upsert([company]);
      await index.refresh();
      const query = { state: 'FL', sort: 'best-match', page: 1, limit: 5 } as const;
      expect((await index.search(query)).hits).toEqual([{ id: 'rev-1', revision: companyRevision(3, '2024-02-01T10:00:00.123Z') }]);
      await index.upsert([{ ...company, version: 4, updatedAt: '2024-02-02T10:00:00.000Z' }]);
      await index.refresh();
      expect((await index.search(query)).hits[0].revision).toBe(companyRevision(4, '2024-02-02T10:00:00.000Z'));
    } finally {
      await close();
    }
  });
});

describe('ElasticsearchCompanySearch.create', () => {
  it('fails fast with a clear message when nothing listens at the URL', async () => {
    const started = Date.now();
    await expect(ElasticsearchCompanySearch.create({ node: 'http://127.0.0.1:1', index: 'companies' })).rejects.toThrow(
      /^Elasticsearch unreachable at http:\/\/127\.0\.0\.1:1: /,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
