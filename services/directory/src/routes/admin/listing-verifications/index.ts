import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingVerificationSchema, ownerCompanySchema, type ListingVerification } from '@limo/contracts';
import { conflict } from '@limo/platform';
import { toOwnerCompany } from '../../../domain/company-view.js';
import { isPaidListing, type CompanyDoc } from '../../../domain/company.js';
import type { DirectoryDeps } from '../../../deps.js';
import { decideOnCompany } from '../../../use-cases/company-decisions.js';
import { approveSchema, rejectSchema } from '../queue-decisions.js';

/** Owned, not verified, not suspended, not rejected: what waits in the queue. */
const WAITING = { userId: { $ne: null }, verified: false, suspendedAt: null, 'listingReview.status': { $ne: 'rejected' } };

const isWaiting = (c: CompanyDoc) => c.userId !== null && !c.verified && c.suspendedAt === null && c.listingReview?.status !== 'rejected';

const toVerification = (c: CompanyDoc): ListingVerification => ({
  companyId: c._id,
  companyName: c.name,
  city: c.city,
  state: c.state,
  phone: c.phone,
  email: c.email,
  website: c.website,
  ownerId: c.userId ?? '',
  ownerEmail: c.ownerEmail ?? null,
  plan: isPaidListing(c) ? 'paid' : 'free',
  createdAt: c.createdAt,
});

/** The verification queue of owned listings (free and paid): list, approve (verified), reject (with a reason). */
export async function listingVerificationRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { companies, notices } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const decided = z.object({ message: z.string(), company: ownerCompanySchema });
  const notWaiting = () => conflict('This listing is not waiting for verification');

  r.get(
    '/api/admin/listing-verifications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Owned listings not verified yet (free and paid), oldest first',
        response: { 200: z.array(listingVerificationSchema) },
      },
    },
    async () => (await companies.find(WAITING, { sort: { createdAt: 1, _id: 1 } })).filter(isWaiting).map(toVerification),
  );

  r.post(
    '/api/admin/listing-verifications/:companyId/approve',
    {
      schema: approveSchema(
        'Verify an owned listing: verified, full edit rights, the Verified Owner badge when paid; the owner is mailed',
        decided,
      ),
    },
    async (request) => {
      const admin = request.user!;
      const company = await decideOnCompany(deps, admin, request.params.companyId, {
        change: (current, at) => {
          if (!isWaiting(current)) throw notWaiting();
          return {
            verified: true,
            verification: { source: 'admin', by: admin.id, at },
            businessVerified: true,
            listingReview: null,
            ...(isPaidListing(current) && { ownerApproval: { source: 'listing' as const, by: admin.id, at } }),
          };
        },
        afterChange: (verified) => notices.closeRequestsOfVerified(verified._id),
        audit: (verified) => ({
          action: 'listing.verified',
          details: { companyName: verified.name, plan: isPaidListing(verified) ? 'paid' : 'free' },
        }),
        notify: (verified, at) => notices.listingDecided(verified, 'verified', null, at),
      });
      return { message: 'Listing verified', company: toOwnerCompany(company) };
    },
  );

  r.post(
    '/api/admin/listing-verifications/:companyId/reject',
    { schema: rejectSchema('Reject an owned listing with a reason (kept, and mailed to the owner); it leaves the queue', decided) },
    async (request) => {
      const admin = request.user!;
      const { reason } = request.body;
      const company = await decideOnCompany(deps, admin, request.params.companyId, {
        change: (current, at) => {
          if (!isWaiting(current)) throw notWaiting();
          return { listingReview: { status: 'rejected', reason, by: admin.id, at } };
        },
        audit: ({ name }) => ({ action: 'listing.rejected', details: { companyName: name, reason } }),
        notify: (rejected, at) => notices.listingDecided(rejected, 'rejected', reason, at),
      });
      return { message: 'Listing rejected', company: toOwnerCompany(company) };
    },
  );
}
