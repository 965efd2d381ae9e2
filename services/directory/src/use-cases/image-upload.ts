import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_PATH_PREFIX } from '@limo/contracts';
import { badRequest, enforceRateLimits, type BlobStore, type ServiceContext } from '@limo/platform';
import { checkAndReencodeImage, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../domain/image.js';
import type { ImagesRepository } from '../repositories/images.repository.js';

/** The multipart limits of an image upload route (one file of at most 5 MB, a few small fields). */
export const IMAGE_MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 };

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

/** What a multipart image upload carried: the `image` file's bytes and the text fields. */
export interface UploadedImage {
  bytes: Buffer;
  fields: Record<string, string>;
}

/** Reads the multipart body: the `image` file (400 when missing or empty) and the text fields. */
export async function readUploadedImage(request: FastifyRequest): Promise<UploadedImage> {
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'image' && !bytes) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string' && part.value.trim()) {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!bytes || bytes.length === 0) throw badRequest(IMAGE_MESSAGES.notImage, 'image');
  return { bytes, fields };
}

/** The hourly upload limit of a user, shared by every image upload route. */
export function limitUploads(ctx: ServiceContext, reply: FastifyReply, userId: string): Promise<void> {
  return enforceRateLimits(ctx.limiter, reply, [
    { key: `upload:user:${userId}`, limit: 60, windowMs: 60 * 60 * 1000, message: 'Too many uploads. Please try again later.' },
  ]);
}

/** A stored image: its id and the absolute URL the gateway serves it at. */
export interface StoredImage {
  id: string;
  url: string;
}

/**
 * Checks an upload by content (owner-admin §5: jpeg, png or webp, at most 5MB, at least 100x100),
 * re-encodes it to WebP and stores it (blob and metadata). Throws 400 with the form's message.
 */
export async function storeImage(
  deps: { ctx: ServiceContext; images: ImagesRepository; blobs: BlobStore },
  bytes: Buffer,
  uploadedBy: string,
  companyId: string | null,
): Promise<StoredImage> {
  const checked = await checkAndReencodeImage(bytes);
  if (!checked.ok) throw badRequest(checked.message, 'image');
  const id = randomUUID();
  await deps.blobs.put(id, checked.data, checked.contentType);
  await deps.images.insert({
    _id: id,
    contentType: checked.contentType,
    width: checked.width,
    height: checked.height,
    bytes: checked.data.length,
    uploadedBy,
    companyId,
    createdAt: new Date().toISOString(),
  });
  // From PUBLIC_URL, never the request's Host (the client chooses that; the gateway passes it on).
  return { id, url: `${deps.ctx.config.PUBLIC_URL}${IMAGE_PATH_PREFIX}${id}` };
}

/** Deletes a stored image (blob and metadata); a missing one is no error. */
export async function deleteStoredImage(deps: { images: ImagesRepository; blobs: BlobStore }, id: string): Promise<void> {
  await deps.blobs.delete(id).catch(() => false);
  await deps.images.delete(id);
}
