import type { SubscriptionCanceledV1 } from '@limo/contracts';
import type { EventHandler, Logger } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * The subscription ended: the listing is no longer premium, and its owner no longer a Verified Owner. A cancellation of an older subscription
 * arriving after a newer one was activated leaves the newer one alone.
 */
export const onSubscriptionCanceled =
  (companies: CompaniesRepository, logger: Logger): EventHandler<SubscriptionCanceledV1> =>
  async ({ data }) => {
    const updated = await companies.update(data.companyId, (current) => {
      const other = current.subscription && current.subscription.subscriptionId !== data.subscriptionId;
      if (other && current.subscription?.status === 'active') return null;
      return {
        featured: false,
        ownerApproval: null,
        subscription: {
          subscriptionId: data.subscriptionId,
          status: 'canceled',
          startedAt: current.subscription?.subscriptionId === data.subscriptionId ? current.subscription.startedAt : data.canceledAt,
          endDate: data.endedAt ?? data.canceledAt,
        },
      };
    });
    if (!updated) logger.warn({ companyId: data.companyId }, 'subscription canceled for a company that no longer exists');
  };
