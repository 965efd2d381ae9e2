import { IMAGE_PATH_PREFIX, MAX_GALLERY_IMAGES, type GalleryImage } from '@limo/contracts';
import { badRequest, forbidden, notFound, type BlobStore, type ServiceContext } from '@limo/platform';
import type { CompanyDoc } from '../domain/company.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { ImagesRepository } from '../repositories/images.repository.js';
import { deleteStoredImage, storeImage } from './image-upload.js';

/** The 4xx of an 11th image. */
const GALLERY_FULL_MESSAGE = `Your gallery already has ${MAX_GALLERY_IMAGES} images, the most it can hold: delete one before adding another`;

/**
 * A company's gallery (issue 21): up to 10 images its owner uploads (the checks of every image),
 * orders and deletes. Only the owner: the admin company editor has no image section (owner-admin §5).
 */
export class Gallery {
  constructor(private readonly deps: { ctx: ServiceContext; companies: CompaniesRepository; images: ImagesRepository; blobs: BlobStore }) {}

  /** The company, when `userId` owns it: 404 unknown, 403 someone else's. */
  async ownedCompany(companyId: string, userId: string): Promise<CompanyDoc> {
    const company = await this.deps.companies.findById(companyId);
    if (!company) throw notFound('Company not found');
    if (company.userId !== userId) throw forbidden("Only the company's owner can manage its gallery");
    return company;
  }

  /** Checks and stores the image, then adds it at the end of the gallery; 400 when the gallery is full. */
  async add(company: CompanyDoc, bytes: Buffer, userId: string): Promise<{ image: GalleryImage; gallery: GalleryImage[] }> {
    // Refused before the image is decoded; checked again on the write (two uploads at once).
    if ((company.gallery ?? []).length >= MAX_GALLERY_IMAGES) throw badRequest(GALLERY_FULL_MESSAGE, 'image');
    const stored = await storeImage(this.deps, bytes, userId, company._id);
    // A path on the product's own origin (the page, the gateway and the images are one origin): right
    // whatever name the site is reached by.
    const image = { id: stored.id, url: `${IMAGE_PATH_PREFIX}${stored.id}` };
    try {
      const updated = await this.deps.companies.update(company._id, (current) => {
        const gallery = current.gallery ?? [];
        if (gallery.length >= MAX_GALLERY_IMAGES) throw badRequest(GALLERY_FULL_MESSAGE, 'image');
        return { gallery: [...gallery, image] };
      });
      if (!updated) throw notFound('Company not found');
      return { image, gallery: updated.gallery ?? [] };
    } catch (err) {
      await deleteStoredImage(this.deps, stored.id);
      throw err;
    }
  }

  /** Takes the image out of the gallery and deletes it; 404 when it is not in the gallery. */
  async remove(company: CompanyDoc, imageId: string): Promise<GalleryImage[]> {
    const updated = await this.deps.companies.update(company._id, (current) => {
      const gallery = current.gallery ?? [];
      if (!gallery.some((g) => g.id === imageId)) throw notFound('That image is not in the gallery');
      return { gallery: gallery.filter((g) => g.id !== imageId) };
    });
    if (!updated) throw notFound('Company not found');
    await deleteStoredImage(this.deps, imageId);
    return updated.gallery ?? [];
  }

  /** Puts the gallery in the order of `imageIds`, which must name every image of it once. */
  async reorder(company: CompanyDoc, imageIds: string[]): Promise<GalleryImage[]> {
    const updated = await this.deps.companies.update(company._id, (current) => {
      const gallery = current.gallery ?? [];
      const byId = new Map(gallery.map((g) => [g.id, g]));
      if (imageIds.length !== gallery.length || new Set(imageIds).size !== imageIds.length || !imageIds.every((id) => byId.has(id)))
        throw badRequest('imageIds must list every image of the gallery exactly once', 'imageIds');
      return { gallery: imageIds.map((id) => byId.get(id)!) };
    });
    if (!updated) throw notFound('Company not found');
    return updated.gallery ?? [];
  }
}
