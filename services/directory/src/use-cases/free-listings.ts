import { inParallel, type Logger } from '@limo/platform';
import type { CompanyDoc } from '../domain/company.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * A listing some owner holds although no claim, paid listing or subscription stands behind it: a
 * free listing made at /list-business before issue 17, stored `claimed: true`. The three markers
 * are the directory's own record of money or an approved claim (a claim sets `claimId`, a paid
 * listing `stripePaymentIntentId`, an activated subscription `subscription`), so nothing else needs
 * asking. A pending claim also sets `claimId` and is left alone (billing decides it).
 */
const WRONGLY_CLAIMED_FREE_LISTING = {
  claimed: true,
  userId: { $ne: null },
  claimId: null,
  stripePaymentIntentId: null,
  subscription: null,
} as const;

/** Writes in flight at once. */
const CONCURRENCY = 8;

/**
 * Start-up data fix (issue 17, defect 3): the public spec keeps `claimed` false until a claim is
 * approved, so free listings are unclaimed (still owned: `userId` stays). Idempotent: a second run
 * finds none. Returns how many companies it changed.
 */
export async function unclaimFreeListings(companies: CompaniesRepository, logger: Logger): Promise<number> {
  const found: CompanyDoc[] = await companies.find(WRONGLY_CLAIMED_FREE_LISTING);
  let fixed = 0;
  await inParallel(CONCURRENCY, found, async (doc) => {
    let changed = false;
    await companies.update(doc._id, (current) => {
      changed = current.claimed && current.userId !== null && !current.claimId && !current.stripePaymentIntentId && !current.subscription;
      return changed ? { claimed: false, claimedAt: null } : null;
    });
    if (changed) fixed++;
  });
  if (fixed > 0) logger.info({ companies: fixed }, 'free listings stored as claimed set back to claimed: false (issue 17)');
  return fixed;
}
