import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { credentialsBodySchema, credentialsSchema, errorResponses, idParamsSchema } from '@limo/contracts';
import { badRequest, enforceRateLimits, forbidden, notFound } from '@limo/platform';
import { CERTIFICATE_MESSAGES, checkCertificate, MAX_CERTIFICATE_BYTES } from '../../domain/certificate.js';
import type { CompanyDoc } from '../../domain/company.js';
import { certificateKey, submitted, toCredentials } from '../../domain/credentials.js';
import type { DirectoryDeps } from '../../deps.js';
import { readUpload, type UploadForm } from '../../use-cases/multipart-upload.js';

/** The credentials form's certificate upload. */
const CERTIFICATE_FORM: UploadForm = {
  field: 'certificate',
  tooLarge: CERTIFICATE_MESSAGES.tooLarge,
  notAccepted: CERTIFICATE_MESSAGES.notAccepted,
  oneAtATime: 'Please upload one certificate at a time',
};

/**
 * The owner's credentials (issue 21): `GET|PUT /api/my-companies/{id}/credentials`, the insurance
 * certificate `POST|GET /api/my-companies/{id}/credentials/certificate`. The company's owner only;
 * admins may read (the verification queue links the certificate here). The certificate is kept in
 * the images' blob store under a key the public image route refuses, and served only from here.
 */
export async function credentialRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { ctx, companies, blobs } = deps;
  await app.register(multipart, { limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 2, fieldSize: 200, parts: 3 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The company, when the caller owns it (or, with `adminMayRead`, is an admin). */
  async function ownedCompany(request: FastifyRequest, id: string, adminMayRead = false): Promise<CompanyDoc> {
    const user = request.user!;
    const company = await companies.findById(id);
    if (!company) throw notFound('Company not found');
    if (company.userId !== user.id && !(adminMayRead && user.role === 'admin'))
      throw forbidden('Only the owner of this company can manage its credentials');
    return company;
  }

  r.get(
    '/api/my-companies/:id/credentials',
    {
      schema: {
        tags: ['credentials'],
        summary: "The company's licence and insurance, and where their verification stands (owner, admins)",
        params: idParamsSchema,
        response: { 200: credentialsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toCredentials(await ownedCompany(request, request.params.id, true)),
  );

  r.put(
    '/api/my-companies/:id/credentials',
    {
      schema: {
        tags: ['credentials'],
        summary: 'Send the USDOT or permit number and the insurance (carrier, expiry): pending until an admin verifies them',
        params: idParamsSchema,
        body: credentialsBodySchema,
        response: { 200: credentialsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ownedCompany(request, id);
      const at = new Date().toISOString();
      const company = await companies.update(id, (current) => ({ credentials: submitted(current.credentials, request.body, at) }));
      if (!company) throw notFound('Company not found');
      return toCredentials(company);
    },
  );

  r.post(
    '/api/my-companies/:id/credentials/certificate',
    {
      schema: {
        tags: ['credentials'],
        summary: 'Upload the insurance certificate (multipart field `certificate`: a PDF or an image, at most 5MB); private',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: credentialsSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = request.user!;
      await ownedCompany(request, id);
      await enforceRateLimits(ctx.limiter, reply, [
        { key: `certificate:user:${user.id}`, limit: 20, windowMs: 60 * 60 * 1000, message: 'Too many uploads. Please try again later.' },
      ]);
      const { bytes } = await readUpload(request, CERTIFICATE_FORM);
      const checked = await checkCertificate(bytes);
      if (!checked.ok) throw badRequest(checked.message, 'certificate');
      const key = certificateKey(randomUUID());
      await blobs.put(key, checked.data, checked.contentType);
      const at = new Date().toISOString();
      let replaced: string | undefined;
      const company = await companies.update(id, (current) => {
        if (!current.credentials)
          throw badRequest('Please save your licence and insurance details before uploading the certificate', 'certificate');
        replaced = current.credentials.certificate?.key;
        const certificate = { key, contentType: checked.contentType, bytes: checked.data.length, uploadedAt: at };
        // A new certificate is checked again: the submission waits for an admin.
        return { credentials: { ...current.credentials, certificate, status: 'pending', submittedAt: at } };
      });
      if (!company) throw notFound('Company not found');
      if (replaced && replaced !== key) await blobs.delete(replaced).catch(() => false);
      return toCredentials(company);
    },
  );

  // The answer is bytes, not JSON: no response schema to serialize through.
  r.get(
    '/api/my-companies/:id/credentials/certificate',
    {
      schema: { tags: ['credentials'], summary: 'The insurance certificate (owner, admins); never cached', params: idParamsSchema },
    },
    async (request, reply) => {
      const company = await ownedCompany(request, request.params.id, true);
      const ref = company.credentials?.certificate;
      const blob = ref ? await blobs.get(ref.key) : null;
      if (!blob) throw notFound('No certificate uploaded');
      const extension = blob.contentType === 'application/pdf' ? 'pdf' : 'webp';
      return reply
        .header('content-type', blob.contentType)
        .header('content-disposition', `inline; filename="insurance-certificate.${extension}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(blob.data);
    },
  );
}
