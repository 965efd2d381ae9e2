import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { DiskBlobStore, MemoryRateLimiter, type BlobStore, type ServiceContext } from '@limo/platform';
import { refusal, refusedFields } from '@limo/platform/testing';
import { Gallery } from '../../src/use-cases/gallery.js';
import { deleteStoredImage, limitUploads, storeImage } from '../../src/use-cases/image-upload.js';
import { png } from '../images.js';
import { directoryWorld, type DirectoryWorld } from './support.js';

// A company's gallery (issue 21): up to 10 images its owner uploads, orders and deletes.

let w: DirectoryWorld;
let blobs: BlobStore;
let gallery: Gallery;
// Image uploads read only the public address of the site from the context.
const ctx = { config: { PUBLIC_URL: 'http://limo.test' } } as ServiceContext;

beforeEach(async () => {
  w = await directoryWorld();
  blobs = await DiskBlobStore.create({ dir: join(await mkdtemp(join(tmpdir(), 'limo-gallery-')), 'blobs') });
  gallery = new Gallery({ ctx, companies: w.companies, images: w.images, blobs });
});

describe('an uploaded image', () => {
  it('is checked, stored as WebP with its metadata, and served from the public address', async () => {
    const stored = await storeImage({ ctx, images: w.images, blobs }, await png(120, 100), 'owner-1', null);
    expect(stored.url).toBe(`http://limo.test/api/images/${stored.id}`);
    expect(await w.images.findById(stored.id)).toMatchObject({
      contentType: 'image/webp',
      width: 120,
      height: 100,
      uploadedBy: 'owner-1',
      companyId: null,
    });
    expect((await blobs.get(stored.id))?.contentType).toBe('image/webp');
  });

  it('is refused under 100x100 pixels, nothing stored', async () => {
    expect(await refusal(storeImage({ ctx, images: w.images, blobs }, await png(99, 100), 'owner-1', null))).toEqual({
      status: 400,
      message: "Please select an image that's at least 100x100 pixels",
    });
    expect(await w.images.images.count({})).toBe(0);
    // The form marks the image field.
    expect(await refusedFields(storeImage({ ctx, images: w.images, blobs }, await png(99, 100), 'owner-1', null))).toEqual(['image']);
  });

  it('is deleted with its metadata even when its stored file is gone already', async () => {
    const stored = await storeImage({ ctx, images: w.images, blobs }, await png(120, 100), 'owner-1', null);
    const gone: BlobStore = { ...blobs, delete: () => Promise.reject(new Error('no such file')) };
    await deleteStoredImage({ images: w.images, blobs: gone }, stored.id);
    expect(await w.images.findById(stored.id)).toBeNull();
  });

  it('comes at most 60 an hour from one user: the 61st is refused with a wait, other users go on', async () => {
    const limited = { ...ctx, limiter: new MemoryRateLimiter() } as ServiceContext;
    const headers: Record<string, unknown> = {};
    const reply = { header: (name: string, value: unknown) => (headers[name] = value) } as unknown as FastifyReply;
    for (let i = 0; i < 60; i++) await limitUploads(limited, reply, 'owner-1');
    expect(await refusal(limitUploads(limited, reply, 'owner-1'))).toEqual({
      status: 429,
      message: 'Too many uploads. Please try again later.',
    });
    // The wait is the rest of the hour (the window opened with the first upload).
    expect(Number(headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(headers['retry-after'])).toBeLessThanOrEqual(3600);
    await expect(limitUploads(limited, reply, 'owner-2')).resolves.toBeUndefined();
  });
});

describe("a company's gallery", () => {
  it('belongs to its owner: 404 for an unknown company, 403 for anyone else', async () => {
    const company = await w.company({ userId: 'owner-1' });
    expect((await gallery.ownedCompany(company._id, 'owner-1'))._id).toBe(company._id);
    expect(await refusal(gallery.ownedCompany(company._id, 'owner-2'))).toEqual({
      status: 403,
      message: "Only the company's owner can manage its gallery",
    });
    expect(await refusal(gallery.ownedCompany('gone', 'owner-1'))).toEqual({ status: 404, message: 'Company not found' });
  });

  it('adds images at the end, reorders them and deletes one with its stored file', async () => {
    const company = await w.company({ userId: 'owner-1' });
    const first = await gallery.add(company, await png(100, 100), 'owner-1');
    expect(first.image).toEqual({ id: first.image.id, url: `/api/images/${first.image.id}` });
    expect(first.gallery).toEqual([first.image]);
    expect(await w.images.findById(first.image.id)).toMatchObject({ companyId: company._id, uploadedBy: 'owner-1' });
    const second = await gallery.add((await w.companies.findById(company._id))!, await png(100, 100), 'owner-1');
    expect(second.gallery).toEqual([first.image, second.image]);

    expect(await gallery.reorder(company, [second.image.id, first.image.id])).toEqual([second.image, first.image]);
    for (const wrong of [
      [second.image.id],
      [second.image.id, second.image.id],
      [second.image.id, 'other'],
      [first.image.id, second.image.id, 'x'],
    ]) {
      expect(await refusal(gallery.reorder(company, wrong))).toEqual({
        status: 400,
        message: 'imageIds must list every image of the gallery exactly once',
      });
    }

    expect(await gallery.remove(company, second.image.id)).toEqual([first.image]);
    expect(await w.images.findById(second.image.id)).toBeNull();
    expect(await blobs.get(second.image.id)).toBeNull();
    expect(await refusal(gallery.remove(company, second.image.id))).toEqual({ status: 404, message: 'That image is not in the gallery' });
  });

  it('holds 10 images: an 11th is refused, and one that raced past the check is deleted again', async () => {
    const full = Array.from({ length: 10 }, (_, i) => ({ id: `image-${i}`, url: `/api/images/image-${i}` }));
    const company = await w.company({ userId: 'owner-1', gallery: full });
    const message = 'Your gallery already has 10 images, the most it can hold: delete one before adding another';
    expect(await refusal(gallery.add(company, await png(100, 100), 'owner-1'))).toEqual({ status: 400, message });
    // Read when it held 9: the write finds it full and the stored image goes.
    expect(await refusal(gallery.add({ ...company, gallery: full.slice(1) }, await png(100, 100), 'owner-1'))).toEqual({
      status: 400,
      message,
    });
    expect(await w.images.images.count({})).toBe(0);
  });

  it('answers 404 once the company is gone', async () => {
    const company = await w.company({ userId: 'owner-1' });
    await w.companies.delete(company._id);
    expect(await refusal(gallery.add(company, await png(100, 100), 'owner-1'))).toEqual({ status: 404, message: 'Company not found' });
    expect(await w.images.images.count({})).toBe(0);
    expect(await refusal(gallery.reorder(company, []))).toEqual({ status: 404, message: 'Company not found' });
    expect(await refusal(gallery.remove(company, 'x'))).toEqual({ status: 404, message: 'Company not found' });
  });
});
