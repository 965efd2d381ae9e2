import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, galleryImageSchema, galleryOrderBodySchema, galleryResponseSchema, idParamsSchema } from '@limo/contracts';
import { Gallery } from '../../../use-cases/gallery.js';
import { IMAGE_MULTIPART_LIMITS, limitUploads, readUploadedImage } from '../../../use-cases/image-upload.js';
import type { DirectoryDeps } from '../../../deps.js';

/**
 * The company's gallery (issue 21), its owner only: `POST /api/my-companies/{id}/gallery` (multipart
 * `image`), `DELETE /api/my-companies/{id}/gallery/{imageId}`, `PUT /api/my-companies/{id}/gallery/order`.
 */
export async function galleryRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const gallery = new Gallery(deps);
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/my-companies/:id/gallery',
    {
      schema: {
        tags: ['companies'],
        summary:
          'Add an image to the gallery (multipart field `image`: jpeg, png or webp, at most 5MB, at least 100x100; 10 images at most)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: galleryResponseSchema.extend({ image: galleryImageSchema }), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const company = await gallery.ownedCompany(request.params.id, user.id);
      await limitUploads(deps.ctx, reply, user.id);
      const { bytes } = await readUploadedImage(request);
      return reply.code(201).send(await gallery.add(company, bytes, user.id));
    },
  );

  r.delete(
    '/api/my-companies/:id/gallery/:imageId',
    {
      schema: {
        tags: ['companies'],
        summary: 'Delete an image of the gallery',
        params: idParamsSchema.extend({ imageId: z.string().min(1).max(64) }),
        response: { 200: galleryResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const company = await gallery.ownedCompany(request.params.id, request.user!.id);
      return { gallery: await gallery.remove(company, request.params.imageId) };
    },
  );

  r.put(
    '/api/my-companies/:id/gallery/order',
    {
      schema: {
        tags: ['companies'],
        summary: "Reorder the gallery: `imageIds` lists every image's id in the new order",
        params: idParamsSchema,
        body: galleryOrderBodySchema,
        response: { 200: galleryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const company = await gallery.ownedCompany(request.params.id, request.user!.id);
      return { gallery: await gallery.reorder(company, request.body.imageIds) };
    },
  );
}
