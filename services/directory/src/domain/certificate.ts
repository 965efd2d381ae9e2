import { checkAndReencodeImage, IMAGE_MESSAGES, sniffImageFormat } from './image.js';

/** An insurance certificate is at most 5 MB, as images are (the gateway refuses larger uploads). */
export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;

export const CERTIFICATE_MESSAGES = {
  notAccepted: 'Please upload the certificate as a PDF or an image (JPEG, PNG or WebP)',
  tooLarge: 'Please upload a certificate smaller than 5MB',
} as const;

/** The certificate as stored, or why it was refused. */
export type CertificateCheck = { ok: true; data: Buffer; contentType: 'application/pdf' | 'image/webp' } | { ok: false; message: string };

/** A PDF by content: the `%PDF-1.x`/`%PDF-2.x` header first, an `%%EOF` marker in its last kilobyte. */
function isPdf(bytes: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(bytes.toString('latin1', 0, 8))) return false;
  return bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

/**
 * Checks a certificate by its content, whatever its name or declared type: a PDF (kept as sent), or
 * an image (decoded by sharp, re-encoded to WebP with its metadata dropped, as company images are).
 */
export async function checkCertificate(bytes: Buffer): Promise<CertificateCheck> {
  if (bytes.length > MAX_CERTIFICATE_BYTES) return { ok: false, message: CERTIFICATE_MESSAGES.tooLarge };
  if (isPdf(bytes)) return { ok: true, data: bytes, contentType: 'application/pdf' };
  if (!sniffImageFormat(bytes)) return { ok: false, message: CERTIFICATE_MESSAGES.notAccepted };
  const image = await checkAndReencodeImage(bytes);
  if (!image.ok)
    return { ok: false, message: image.message === IMAGE_MESSAGES.notImage ? CERTIFICATE_MESSAGES.notAccepted : image.message };
  return { ok: true, data: image.data, contentType: image.contentType };
}
