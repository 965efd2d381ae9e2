import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskBlobStore } from '../src/adapters/disk.blob.js';
import { describeBlobContract } from './contracts/blob.contract.js';

describeBlobContract('BlobStore contract: disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'limo-blobs-'));
  const store = await DiskBlobStore.create({ dir: join(dir, 'blobs') });
  return { store, close: () => rm(dir, { recursive: true, force: true }) };
});
