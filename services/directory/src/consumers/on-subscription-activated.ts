import type { SubscriptionActivatedV1 } from '@limo/contracts';
import type { EventHandler, Logger } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * A paid subscription makes the listing premium (featured first in best-match). Activation and
 * cancellation travel on different topics, so their order is not guaranteed: an activation of a
 * subscription already seen canceled is ignored.
 */
export const onSubscriptionActivated =
  (companies: CompaniesRepository, logger: Logger): EventHandler<SubscriptionActivatedV1> =>
  async ({ data }) => {
    const updated = await companies.update(data.companyId, (current) => {
      if (current.subscription?.subscriptionId === data.subscriptionId && current.subscription.status === 'canceled') return null;
      return {
        featured: true,
        subscription: { subscriptionId: data.subscriptionId, status: 'active', startedAt: data.startedAt, endDate: data.currentPeriodEnd },
      };
    });
    if (!updated) logger.warn({ companyId: data.companyId }, 'subscription activated for a company that no longer exists');
  };
