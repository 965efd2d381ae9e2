import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@limo/platform';
import type { DirectoryDeps } from '../../deps.js';

/** GET /api/images/{id}: a stored image, cacheable for good (an id never changes content). */
export async function imageRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  // The answer is bytes, not JSON: no response schema to serialize through.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/images/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored image (WebP)',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const blob = /^[A-Za-z0-9-]{1,64}$/.test(id) ? await deps.blobs.get(id) : null;
      if (!blob) throw notFound('Image not found');
      return reply
        .header('content-type', blob.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(blob.data);
    },
  );
}
