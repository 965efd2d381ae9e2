import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, uploadImageResponseSchema } from '@limo/contracts';
import { forbidden, notFound } from '@limo/platform';
import { IMAGE_MULTIPART_LIMITS, limitUploads, readUploadedImage, storeImage } from '../../use-cases/image-upload.js';
import type { DirectoryDeps } from '../../deps.js';

/**
 * POST /api/upload-image (multipart field `image`, optional field `companyId`): business accounts
 * and admins. The image is judged by its content, re-encoded to WebP and stored in the blob store.
 */
export async function uploadImageRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { ctx, companies } = deps;
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/upload-image',
    {
      preHandler: app.requireRole('business', 'admin'),
      schema: {
        tags: ['images'],
        summary: 'Upload a company image (jpeg, png or webp, at most 5MB, at least 100x100); answers its imageUrl',
        consumes: ['multipart/form-data'],
        response: {
          200: uploadImageResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await limitUploads(ctx, reply, user.id);
      const { bytes, fields } = await readUploadedImage(request);
      const companyId = fields.companyId;
      if (companyId) {
        const company = await companies.findById(companyId);
        if (!company) throw notFound('Company not found');
        if (user.role !== 'admin' && company.userId !== user.id) throw forbidden('You can only add images to your own company');
      }
      const stored = await storeImage(deps, bytes, user.id, companyId ?? null);
      return { imageUrl: stored.url };
    },
  );
}
