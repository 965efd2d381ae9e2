import { Readable } from 'node:stream';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves too little for its cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip, as the client's Accept-Encoding prefers, for every compressible answer of at least
 * COMPRESSION_THRESHOLD_BYTES registered after this; an answer that already carries a
 * Content-Encoding (pre-compressed files, an upstream's encoded answer) is left alone. Request bodies
 * are not decompressed. @fastify/compress compresses a streamed answer (a proxied one) whatever its
 * size, so a stream whose Content-Length is below the threshold is read whole first and the threshold
 * applies to it too.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Readable)) return payload;
    const length = Number(reply.getHeader('content-length'));
    if (!Number.isFinite(length) || length >= COMPRESSION_THRESHOLD_BYTES) return payload;
    return Buffer.concat(await payload.toArray());
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
