import { describe, expect, it } from 'vitest';
import { ApiClient } from '@limo/platform/testing';
import { SUT_ADMIN as admin, useThrowawayWithAdmin } from './support/profiles.js';

const system = useThrowawayWithAdmin();

// Issue 13: 50 concurrent admin edits of one company answered 18 × 500 "too many concurrent writes"
// (the file-backed store of the embedded profile, through the gateway).
describe('concurrent writes to one company', () => {
  it('retry with jittered backoff; every answer is 200 or a clear 409, never 500', async () => {
    const api = new ApiClient(system().url);
    expect((await api.call('POST', '/api/login', admin)).status).toBe(200);
    const company = await api.call('POST', '/api/admin/companies', { name: 'Contended Limousines', city: 'Rockford', state: 'IL' });
    expect(company.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.call('PUT', `/api/admin/companies/${String(company.json.id)}`, { description: `edit ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const conflict of answers.filter((a) => a.status === 409)) expect(conflict.json.message).toMatch(/being changed by someone else/);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(40);
    const stored = await api.call('GET', `/api/companies/${String(company.json.id)}`);
    expect(stored.json.description).toMatch(/^edit \d+$/);
  });
});
