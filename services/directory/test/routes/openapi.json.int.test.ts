import { describe, expect, it } from 'vitest';
import { openApiPaths } from '@limo/platform/testing';
import { sharedHarness, startDirectory } from '../support.js';

const h = sharedHarness(() => startDirectory());

describe('GET /openapi.json', () => {
  it('describes every directory route', async () => {
    expect(await openApiPaths(h)).toEqual(
      expect.arrayContaining([
        '/api/companies',
        '/api/companies/{id}',
        '/api/upload-image',
        '/api/admin/companies',
        '/api/admin/change-requests',
      ]),
    );
  });
});
