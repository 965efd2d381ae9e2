import { showToast } from '../../lib/toast';

/** Owner-admin §5/§9: accepted image types, the size ceiling and the dimension floor. */
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MIN_IMAGE_SIDE = 100;
export const SUGGESTED_IMAGE = { width: 800, height: 600 };

/** A §5 image rule broken: the toast's title and message. */
export interface ImageProblem {
  title: string;
  description: string;
}

/** Reads an image file's pixel size in the browser. */
export function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    img.src = url;
  });
}

/**
 * The §5 checks, in the spec's order: type, then size, then dimensions. Returns the first problem,
 * or undefined when the file may be uploaded. `measure` is injectable for tests.
 */
export async function checkImage(
  file: File,
  measure: (f: File) => Promise<{ width: number; height: number }> = imageSize,
): Promise<ImageProblem | undefined> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return { title: 'Invalid file type', description: 'Please select an image file' };
  if (file.size > MAX_IMAGE_BYTES) return { title: 'File too large', description: 'Please select an image smaller than 5MB' };
  let size;
  try {
    size = await measure(file);
  } catch {
    return { title: 'Invalid file type', description: 'Please select an image file' };
  }
  if (size.width < MIN_IMAGE_SIDE || size.height < MIN_IMAGE_SIDE) {
    return { title: 'Image too small', description: "Please select an image that's at least 100x100 pixels" };
  }
  return undefined;
}

/** Sends a picked image once it passes the checks; a failing one is told in an error toast and not sent. */
export async function sendIfValid(
  file: File | undefined,
  measure: (f: File) => Promise<{ width: number; height: number }>,
  send: (file: File) => void,
): Promise<void> {
  if (!file) return;
  const problem = await checkImage(file, measure);
  if (problem) {
    showToast({ ...problem, type: 'error' });
    return;
  }
  send(file);
}
