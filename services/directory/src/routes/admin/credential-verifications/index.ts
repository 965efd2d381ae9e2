import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyIdParamsSchema,
  credentialsSchema,
  credentialVerificationSchema,
  errorResponses,
  listingRejectBodySchema,
  type CredentialVerification,
} from '@limo/contracts';
import { byUser, conflict, notFound } from '@limo/platform';
import type { CompanyDoc } from '../../../domain/company.js';
import { isAwaitingVerification, toCredentials } from '../../../domain/credentials.js';
import type { DirectoryDeps } from '../../../deps.js';

const toVerification = (c: CompanyDoc): CredentialVerification => ({
  ...toCredentials(c),
  companyName: c.name,
  city: c.city,
  state: c.state,
  ownerEmail: c.ownerEmail ?? null,
});

/** The admins' queue of credentials to verify (issue 21): list (oldest first), approve, reject with a reason. */
export async function credentialVerificationRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { companies, notices, audit } = deps;
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
    {
      schema: {
        tags: ['admin'],
        summary: 'Verify the credentials: the Licensed and Insured badges show; the owner is mailed',
        params: companyIdParamsSchema,
        response: { 200: decided, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = request.user!;
      const at = new Date().toISOString();
      const company = await companies.update(request.params.companyId, (current) => {
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
      });
      if (!company) throw notFound('Company not found');
      const cred = company.credentials!;
      await audit.record({
        ...byUser(admin),
        action: 'credentials.verified',
        targetType: 'company',
        targetId: company._id,
        details: {
          companyName: company.name,
          usdotNumber: cred.usdotNumber,
          permitNumber: cred.permitNumber,
          insuranceCarrier: cred.insuranceCarrier,
          insuranceExpiresOn: cred.insuranceExpiresOn,
        },
      });
      await notices.credentialsDecided(company, 'verified', null, at);
      return { message: 'Credentials verified', credentials: toCredentials(company) };
    },
  );

  r.post(
    '/api/admin/credential-verifications/:companyId/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject the credentials with a reason (kept, and mailed to the owner); earlier verified ones stay',
        params: companyIdParamsSchema,
        body: listingRejectBodySchema,
        response: { 200: decided, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const admin = request.user!;
      const { reason } = request.body;
      const at = new Date().toISOString();
      const company = await companies.update(request.params.companyId, (current) => {
        if (!current.credentials || !isAwaitingVerification(current)) throw notWaiting();
        return { credentials: { ...current.credentials, status: 'rejected', decision: { by: admin.id, at, reason } } };
      });
      if (!company) throw notFound('Company not found');
      await audit.record({
        ...byUser(admin),
        action: 'credentials.rejected',
        targetType: 'company',
        targetId: company._id,
        details: { companyName: company.name, reason },
      });
      await notices.credentialsDecided(company, 'rejected', reason, at);
      return { message: 'Credentials rejected', credentials: toCredentials(company) };
    },
  );
}
