import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_PATH_PREFIX } from '@limo/contracts';
import { badRequest, enforceRateLimits, type BlobStore, type ServiceContext } from '@limo/platform';
import { checkAndReencodeImage, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../domain/image.js';
import type { ImagesRepository } from '../repositories/images.repository.js';
import { readUpload, type Upload, type UploadForm } from './multipart-upload.js';

/** The multipart limits of an image upload route (one file of at most 5 MB, a few small fields). */
export const IMAGE_MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 };

/** The owner's image upload form. */
const IMAGE_FORM: UploadForm = {
  field: 'image',
  tooLarge: IMAGE_MESSAGES.tooLarge,
  notAccepted: IMAGE_MESSAGES.notImage,
  oneAtATime: 'Please upload one image at a time',
};

/** Reads the multipart body: the `image` file (400 when missing or empty) and the text fields. */
export function readUploadedImage(request: FastifyRequest): Promise<Upload> {
  return readUpload(request, IMAGE_FORM);
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
