import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IMAGE_PATH_PREFIX, uploadImageResponseSchema } from '@limo/contracts';
import { badRequest, enforceRateLimits, forbidden, notFound } from '@limo/platform';
import { checkAndReencodeImage, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../domain/image.js';
import type { DirectoryDeps } from '../../deps.js';

/** Multipart errors (thrown while reading the client's parts) as the owner's upload form words them. */
function uploadError(err: unknown): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(IMAGE_MESSAGES.tooLarge, 'image');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(IMAGE_MESSAGES.notImage, 'image');
  if (code === 'FST_FILES_LIMIT') return badRequest('Please upload one image at a time', 'image');
  // Anything else reading the parts is the client's body being broken (busboy: no or wrong boundary,
  // truncated form, malformed part header, a boundary over its limit): a 400, never a 500.
  return badRequest('The upload could not be read. Please try again.', 'image');
}

/**
 * POST /api/upload-image (multipart field `image`, optional field `companyId`): business accounts
 * and admins. The image is judged by its content, re-encoded to WebP and stored in the blob store.
 */
export async function uploadImageRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { ctx, companies, images, blobs } = deps;
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 } });

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
      await enforceRateLimits(ctx.limiter, reply, [
        { key: `upload:user:${user.id}`, limit: 60, windowMs: 60 * 60 * 1000, message: 'Too many uploads. Please try again later.' },
      ]);
      let bytes: Buffer | undefined;
      let companyId: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'image' && !bytes) bytes = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'companyId' && typeof part.value === 'string' && part.value.trim()) {
            companyId = part.value.trim();
          }
        }
      } catch (err) {
        throw uploadError(err);
      }
      if (!bytes || bytes.length === 0) throw badRequest(IMAGE_MESSAGES.notImage, 'image');
      if (companyId) {
        const company = await companies.findById(companyId);
        if (!company) throw notFound('Company not found');
        if (user.role !== 'admin' && company.userId !== user.id) throw forbidden('You can only add images to your own company');
      }
      const checked = await checkAndReencodeImage(bytes);
      if (!checked.ok) throw badRequest(checked.message, 'image');
      const id = randomUUID();
      await blobs.put(id, checked.data, checked.contentType);
      await images.insert({
        _id: id,
        contentType: checked.contentType,
        width: checked.width,
        height: checked.height,
        bytes: checked.data.length,
        uploadedBy: user.id,
        companyId: companyId ?? null,
        createdAt: new Date().toISOString(),
      });
      // From PUBLIC_URL, never the request's Host (the client chooses that; the gateway passes it on).
      return { imageUrl: `${ctx.config.PUBLIC_URL}${IMAGE_PATH_PREFIX}${id}` };
    },
  );
}
