import { IMAGE_PATH_PREFIX, type Role } from '@limo/contracts';
import { badRequest, forbidden } from '@limo/platform';
import { changedFields, type EditableChange } from '../domain/company-view.js';
import { isUsState, locate } from '../domain/location.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { CompanyChange, CompanyDoc } from '../domain/company.js';
import type { ImagesRepository } from '../repositories/images.repository.js';

/** Who is acting: the signed-in user, or the system (consumers, populate). */
export interface Actor {
  id: string;
  role: Role;
}

/** Flags only admins set. */
export interface AdminFlags {
  featured?: boolean;
  verified?: boolean;
  businessVerified?: boolean;
}

/**
 * The id of one of our stored images in `url` (`/api/images/<id>` as a path or on any host: the
 * gateway may be reached as 127.0.0.1, localhost or a public name), else null. Whose image it is
 * is checked by the caller.
 */
function storedImageId(url: string | null | undefined): string | null {
  if (!url) return null;
  let path = url;
  if (!url.startsWith('/')) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith(IMAGE_PATH_PREFIX)) return null;
  const id = path.slice(IMAGE_PATH_PREFIX.length);
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

/** Rejects a state that is not one of the 50 + DC. */
export function assertState(state: string | null | undefined): void {
  if (state && !isUsState(state)) throw badRequest('Please select a valid US state', 'state');
}

/**
 * Applies the edit rules shared by owners, admins and approved change requests: the state must be a
 * US state, coordinates follow a changed city/state/ZIP (from the gazetteer) unless sent, and a
 * stored image may only be used by whoever uploaded it (or an admin).
 */
export class CompanyEdits {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly images: ImagesRepository,
  ) {}

  /** Throws 400/403 when `imageUrl` names a stored image the actor may not use. */
  async assertImageUsable(imageUrl: string | null | undefined, actor: Actor, field = 'imageUrl'): Promise<void> {
    const id = storedImageId(imageUrl);
    if (!id) return;
    const image = await this.images.findById(id);
    if (!image) throw badRequest('That image was not found: please upload it again', field);
    if (image.uploadedBy !== actor.id && actor.role !== 'admin') throw forbidden('You can only use images you uploaded');
  }

  /**
   * The company image and the fleet's photos: each a stored image the actor may use. A fleet photo
   * must have been uploaded here (`POST /api/upload-image`: checked by content like every image).
   */
  async assertImagesUsable(input: Pick<EditableChange, 'imageUrl' | 'fleet'>, actor: Actor): Promise<void> {
    await this.assertImageUsable(input.imageUrl, actor);
    for (const vehicle of input.fleet ?? []) {
      if (vehicle.photoUrl === null) continue;
      if (!storedImageId(vehicle.photoUrl)) throw badRequest('Please upload the vehicle photo', 'fleet');
      await this.assertImageUsable(vehicle.photoUrl, actor, 'fleet');
    }
  }

  /** Fills coordinates from the gazetteer when the place changed and none were sent. */
  withCoordinates(current: Pick<CompanyDoc, 'city' | 'state' | 'zipCode'> | null, change: EditableChange): EditableChange {
    if (change.latitude !== undefined || change.longitude !== undefined) return change;
    const placeChanged =
      !current || (['city', 'state', 'zipCode'] as const).some((f) => change[f] !== undefined && change[f] !== current[f]);
    if (!placeChanged) return change;
    const point = locate({
      city: change.city !== undefined ? change.city : (current?.city ?? null),
      state: change.state !== undefined ? change.state : (current?.state ?? null),
      zipCode: change.zipCode !== undefined ? change.zipCode : (current?.zipCode ?? null),
    });
    return point ? { ...change, ...point } : change;
  }

  /**
   * Writes the edit (and the admin's flags) to the company; returns it after the write, null if gone.
   * `guard` sees the very copy the edit applies to and may throw to refuse it (nothing written).
   */
  async apply(
    companyId: string,
    input: EditableChange,
    flags: AdminFlags,
    actor: Actor,
    guard: (current: CompanyDoc) => void = () => {},
  ): Promise<CompanyDoc | null> {
    assertState(input.state);
    await this.assertImagesUsable(input, actor);
    const updated = await this.companies.update(companyId, (current) => {
      guard(current);
      const change: CompanyChange = this.withCoordinates(current, changedFields(current, input));
      return { ...change, ...adminFlagChanges(current, flags, actor) };
    });
    if (updated) await this.attachImage(updated);
    return updated;
  }

  /** Links the company's stored images (its image, its fleet's photos) to it, so deleting the company deletes them. */
  async attachImage(company: CompanyDoc): Promise<void> {
    const urls = [company.imageUrl, ...(company.fleet ?? []).map((v) => v.photoUrl)];
    for (const imageId of urls.map(storedImageId)) if (imageId) await this.images.attach(imageId, company._id);
  }
}

/**
 * What an admin's flags change. Taking `verified` away is a suspension (who and when are kept, and
 * the listing ranks lower); giving it back records the admin's decision, which the audit respects.
 */
function adminFlagChanges(current: CompanyDoc, flags: AdminFlags, actor: Actor): CompanyChange {
  if (actor.role !== 'admin') return {};
  const out: CompanyChange = {};
  if (flags.featured !== undefined && flags.featured !== current.featured) out.featured = flags.featured;
  if (flags.businessVerified !== undefined && flags.businessVerified !== current.businessVerified)
    out.businessVerified = flags.businessVerified;
  if (flags.verified === true && (!current.verified || current.suspendedAt !== null)) {
    Object.assign(out, unsuspension(actor));
  } else if (flags.verified === false && current.verified) {
    Object.assign(out, suspension(actor));
  }
  return out;
}

/** Suspend (owner-admin §4): verified taken away by an admin, who and when kept. */
export const suspension = (actor: Actor): CompanyChange => ({
  verified: false,
  verification: null,
  suspendedAt: new Date().toISOString(),
  suspendedBy: actor.id,
});

/** Unsuspend: verified given back, as the admin's decision. */
export const unsuspension = (actor: Actor): CompanyChange => ({
  verified: true,
  verification: { source: 'admin', by: actor.id, at: new Date().toISOString() },
  suspendedAt: null,
  suspendedBy: null,
});
