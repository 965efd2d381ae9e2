import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsSchema, credentialVerificationSchema, type CredentialVerification } from '@limo/contracts';
import { conflict } from '@limo/platform';
import type { CompanyDoc } from '../../../domain/company.js';
import { isAwaitingVerification, toCredentials } from '../../../domain/credentials.js';
import type { DirectoryDeps } from '../../../deps.js';
import { decideOnCompany } from '../../../use-cases/company-decisions.js';
import { approveSchema, rejectSchema } from '../queue-decisions.js';

const toVerification = (c: CompanyDoc): CredentialVerification => ({
  ...toCredentials(c),
  companyName: c.name,
  city: c.city,
  state: c.state,
  ownerEmail: c.ownerEmail ?? null,
});

/** The admins' queue of credentials to verify (issue 21): list (oldest first), approve, reject with a reason. */
export async function credentialVerificationRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { companies, notices } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const decided = z.object({ message: z.string(), credentials: credentialsSchema });
  const notWaiting = () => conflict('These credentials are not waiting for verification (none sent, no certificate, or already decided)');

  r.get(
    '/api/admin/credential-verifications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credentials sent with a certificate and waiting for an admin, oldest first',
        response: { 200: z.array(credentialVerificationSchema) },
      },
    },
    async () => {
      const waiting = await companies.find({ 'credentials.status': 'pending' });
      return waiting
        .filter(isAwaitingVerification)
        .sort((a, b) => a.credentials!.submittedAt.localeCompare(b.credentials!.submittedAt) || a._id.localeCompare(b._id))
        .map(toVerification);
    },
  );

  r.post(
    '/api/admin/credential-verifications/:companyId/approve',
    { schema: approveSchema('Verify the credentials: the Licensed and Insured badges show; the owner is mailed', decided) },
    async (request) => {
      const admin = request.user!;
      const company = await decideOnCompany(deps, admin, request.params.companyId, {
        change: (current, at) => {
          const cred = current.credentials;
          if (!cred || !isAwaitingVerification(current)) throw notWaiting();
          const { usdotNumber, permitNumber, insuranceCarrier, insuranceExpiresOn } = cred;
          return {
            credentials: {
              ...cred,
              status: 'verified',
              decision: { by: admin.id, at, reason: null },
              verified: { usdotNumber, permitNumber, insuranceCarrier, insuranceExpiresOn, at, by: admin.id },
            },
          };
        },
        audit: ({ name, credentials }) => ({
          action: 'credentials.verified',
          details: {
            companyName: name,
            usdotNumber: credentials!.usdotNumber,
            permitNumber: credentials!.permitNumber,
            insuranceCarrier: credentials!.insuranceCarrier,
            insuranceExpiresOn: credentials!.insuranceExpiresOn,
          },
        }),
        notify: (decided, at) => notices.credentialsDecided(decided, 'verified', null, at),
      });
      return { message: 'Credentials verified', credentials: toCredentials(company) };
    },
  );

  r.post(
    '/api/admin/credential-verifications/:companyId/reject',
    { schema: rejectSchema('Reject the credentials with a reason (kept, and mailed to the owner); earlier verified ones stay', decided) },
    async (request) => {
      const admin = request.user!;
      const { reason } = request.body;
      const company = await decideOnCompany(deps, admin, request.params.companyId, {
        change: (current, at) => {
          if (!current.credentials || !isAwaitingVerification(current)) throw notWaiting();
          return { credentials: { ...current.credentials, status: 'rejected', decision: { by: admin.id, at, reason } } };
        },
        audit: ({ name }) => ({ action: 'credentials.rejected', details: { companyName: name, reason } }),
        notify: (decided, at) => notices.credentialsDecided(decided, 'rejected', reason, at),
      });
      return { message: 'Credentials rejected', credentials: toCredentials(company) };
    },
  );
}
