import sharp, { type Metadata } from 'sharp';

/** Owner-admin §5: uploads of at most 5 MB... */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** ...and at least 100x100 pixels. */
const MIN_IMAGE_SIDE = 100;
/** Larger images are scaled down to fit; nothing on the site shows them bigger. */
const MAX_STORED_SIDE = 2000;
/** Refuses decompression bombs before decoding (a 5 MB PNG can claim billions of pixels). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The upload form's messages (owner-admin §5), plus one for oversized pixel counts. */
export const IMAGE_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'Please select an image smaller than 5MB',
  tooSmall: "Please select an image that's at least 100x100 pixels",
  tooManyPixels: 'Please select an image of at most 40 megapixels',
} as const;

/** The re-encoded image, or why the upload was refused. */
export type ImageCheck =
  { ok: true; data: Buffer; width: number; height: number; contentType: 'image/webp' } | { ok: false; message: string };

/** JPEG, PNG or WebP, told by the first bytes, whatever the file's name or declared type says. */
export function sniffImageFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks an upload by content (format from its magic bytes and decoder, size, dimensions) and
 * re-encodes it to WebP: EXIF orientation applied, metadata (EXIF, GPS, ICC comments) dropped,
 * anything appended to the file gone.
 */
export async function checkAndReencodeImage(bytes: Buffer): Promise<ImageCheck> {
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  const format = sniffImageFormat(bytes);
  if (!format) return { ok: false, message: IMAGE_MESSAGES.notImage };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: IMAGE_MESSAGES.notImage };
  }
  if (meta.format !== format || !meta.width || !meta.height) return { ok: false, message: IMAGE_MESSAGES.notImage };
  // Both checks hold either way round, so an EXIF orientation that swaps the sides changes neither.
  const { width, height } = meta;
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) return { ok: false, message: IMAGE_MESSAGES.tooSmall };
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, message: IMAGE_MESSAGES.tooManyPixels };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch {
    // Headers that parse but pixel data that does not: not an image we can use.
    return { ok: false, message: IMAGE_MESSAGES.notImage };
  }
}
