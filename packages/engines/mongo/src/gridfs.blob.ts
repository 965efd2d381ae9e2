import mongoose, { type Connection } from 'mongoose';
import { assertBlobKey, type Blob, type BlobStore } from '@limo/platform';
import { connectMongo } from './connection.js';

/** How to reach MongoDB for blobs. */
export interface GridFsBlobStoreOptions {
  /** `mongodb://…/<database>`: the service's own database. */
  uri: string;
  /** GridFS bucket name. Default `blobs`. */
  bucketName?: string;
}

/**
 * The distributed BlobStore: MongoDB GridFS through the mongoose driver's `GridFSBucket`, the key
 * being the file name and the media type kept in its metadata.
 */
export class GridFsBlobStore implements BlobStore {
  private constructor(
    private readonly connection: Connection,
    private readonly bucket: mongoose.mongo.GridFSBucket,
  ) {}

  /** Connects and checks the server answers; throws `MongoDB unreachable at <uri>: <reason>` otherwise. */
  static create(options: GridFsBlobStoreOptions): Promise<GridFsBlobStore> {
    return connectMongo(
      options.uri,
      (connection, db) =>
        new GridFsBlobStore(connection, new mongoose.mongo.GridFSBucket(db, { bucketName: options.bucketName ?? 'blobs' })),
    );
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const older = await this.files(key);
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
      upload.once('error', reject);
      upload.once('finish', () => resolve());
      upload.end(data);
    });
    // GridFS files are immutable: the new one is written first, so a reader always finds one of them.
    for (const file of older) await this.bucket.delete(file._id).catch(() => undefined);
  }

  async get(key: string): Promise<Blob | null> {
    assertBlobKey(key);
    const [file] = await this.files(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    const contentType = typeof file.metadata?.contentType === 'string' ? file.metadata.contentType : 'application/octet-stream';
    return { data: Buffer.concat(chunks), contentType };
  }

  async delete(key: string): Promise<boolean> {
    assertBlobKey(key);
    const files = await this.files(key);
    for (const file of files) await this.bucket.delete(file._id);
    return files.length > 0;
  }

  /** The key's files, newest first (more than one only between a replacing put's two steps). */
  private files(key: string): Promise<mongoose.mongo.GridFSFile[]> {
    return this.bucket.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
  }

  async ping(): Promise<void> {
    await this.connection.db?.admin().command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
