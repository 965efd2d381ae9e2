/** A stored blob and its media type. */
export interface Blob {
  data: Buffer;
  contentType: string;
}

/**
 * Binary objects (uploaded images) by key. Keys are chosen by the caller: 1-128 characters of
 * letters, digits, `.`, `_` and `-`, never starting with a dot (they become file names on disk).
 */
export interface BlobStore {
  /** Stores `data` under `key`, replacing what was there. Resolves once it is durable. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The blob, or null when the key holds nothing. */
  get(key: string): Promise<Blob | null>;
  /** Removes the blob; true if there was one. */
  delete(key: string): Promise<boolean>;
  /** Checks the engine answers; throws a clear error otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const BLOB_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Throws for a key outside the port's alphabet (so no adapter ever sees `../`). */
export function assertBlobKey(key: string): void {
  if (!BLOB_KEY.test(key)) throw new Error(`Invalid blob key "${key}": use 1-128 letters, digits, ., _ and -, not starting with a dot`);
}
