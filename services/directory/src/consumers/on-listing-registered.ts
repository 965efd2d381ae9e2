import type { ListingRegisteredV1 } from '@limo/contracts';
import { DuplicateKeyError, type EventHandler, type Logger } from '@limo/platform';
import { newCompany } from '../domain/new-company.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * A paid listing (owner-admin §2.5) was paid for: the company is created under the id billing gave
 * it, owned and claimed by the payer. A redelivery finds it there and changes nothing.
 */
export const onListingRegistered =
  (companies: CompaniesRepository, logger: Logger): EventHandler<ListingRegisteredV1> =>
  async ({ data }) => {
    if (await companies.findById(data.companyId)) return;
    const { fullAddress, ...fields } = data.company;
    const doc = newCompany(fields, {
      userId: data.userId,
      claimed: true,
      featured: false,
      verifiedBy: null,
      fullAddress: fullAddress ?? undefined,
      now: new Date(data.registeredAt),
    });
    try {
      await companies.insert({ ...doc, _id: data.companyId, stripePaymentIntentId: data.paymentIntentId });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      return;
    }
    logger.info({ companyId: data.companyId, userId: data.userId }, 'paid listing created');
  };
