import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertBlobKey, type Blob, type BlobStore } from '../ports/blob.port.js';

/** Where the embedded blob store keeps its files. */
export interface DiskBlobStoreOptions {
  /** Folder of the blobs, e.g. `DATA_DIR/directory/blobs`; created if missing. */
  dir: string;
}

/**
 * The embedded BlobStore: one file per key plus `<key>.type` holding its media type. A put writes
 * both to temporary names and renames them into place, so a reader never sees half a file.
 */
export class DiskBlobStore implements BlobStore {
  private constructor(private readonly dir: string) {}

  /** Opens the folder, creating it if needed. */
  static async create(options: DiskBlobStoreOptions): Promise<DiskBlobStore> {
    await mkdir(options.dir, { recursive: true });
    return new DiskBlobStore(options.dir);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const tmp = `.tmp-${randomUUID()}`;
    await writeFile(join(this.dir, `${tmp}.type`), contentType);
    await writeFile(join(this.dir, tmp), data);
    // The type lands first: a reader that finds the data always finds its type.
    await rename(join(this.dir, `${tmp}.type`), join(this.dir, `${key}.type`));
    await rename(join(this.dir, tmp), join(this.dir, key));
  }

  async get(key: string): Promise<Blob | null> {
    assertBlobKey(key);
    try {
      const [data, contentType] = await Promise.all([readFile(join(this.dir, key)), readFile(join(this.dir, `${key}.type`), 'utf8')]);
      return { data, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    assertBlobKey(key);
    const existed = await stat(join(this.dir, key)).then(
      () => true,
      () => false,
    );
    await rm(join(this.dir, key), { force: true });
    await rm(join(this.dir, `${key}.type`), { force: true });
    return existed;
  }

  async ping(): Promise<void> {
    await stat(this.dir);
  }

  async close(): Promise<void> {}
}
