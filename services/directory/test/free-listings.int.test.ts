import { describe, expect, it } from 'vitest';
import type { CompanyDetail } from '@limo/contracts';
import { createDirectoryService } from '../src/app.js';
import { newCompanyDoc, type CompanyDoc } from '../src/domain/company.js';
import { CompaniesRepository } from '../src/repositories/companies.repository.js';
import { call, startDirectory } from './support.js';

describe('the start-up fix of free listings stored as claimed', () => {
  const at = '2025-01-02T03:04:05.000Z';
  const company = (name: string, fields: Partial<CompanyDoc>): Omit<CompanyDoc, 'version'> =>
    newCompanyDoc({ _id: `c-${name}`, name, createdAt: at, userId: 'owner-1', claimed: true, claimedAt: at, ...fields });

  it('unclaims owned listings with no claim, paid listing or subscription behind them, and only those', async () => {
    const h = await startDirectory();
    try {
      const repo = await CompaniesRepository.create(h.ctx.store);
      await repo.insert(company('free', {}));
      await repo.insert(company('claimed', { claimId: 'claim-1', businessVerified: true }));
      await repo.insert(company('paid', { stripePaymentIntentId: 'pi_1' }));
      await repo.insert(
        company('subscribed', { subscription: { subscriptionId: 'sub_1', status: 'active', startedAt: at, endDate: null } }),
      );
      await repo.insert(company('unowned', { userId: null, claimed: false, claimedAt: null }));

      // Restarted on the same store, as a deployment would be.
      await h.service.app.close();
      await h.service.stop();
      const again = await createDirectoryService(h.ctx);
      await again.start();
      try {
        const claimed = async (name: string) =>
          (await call({ app: again.app }, 'GET', `/api/companies/c-${name}`)).json<CompanyDetail>().claimed;
        expect(await claimed('free')).toBe(false);
        expect(await claimed('claimed')).toBe(true);
        expect(await claimed('paid')).toBe(true);
        expect(await claimed('subscribed')).toBe(true);
        expect(await claimed('unowned')).toBe(false);
        const fixed = await repo.findById('c-free');
        expect(fixed).toMatchObject({ userId: 'owner-1', claimed: false, claimedAt: null });
      } finally {
        await again.app.close();
        await again.stop();
      }
    } finally {
      await h.ctx.close();
    }
  });
});
