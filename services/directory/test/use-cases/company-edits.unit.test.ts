import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '@limo/platform/testing';
import { assertState, suspension, unsuspension, type Actor } from '../../src/use-cases/company-edits.js';
import { directoryWorld, type DirectoryWorld } from './support.js';

// The edit rules every company edit goes through (owner, admin, approved change request): a US
// state, coordinates that follow the place, images only their uploader (or an admin) may use, and the
// flags only admins set.

let w: DirectoryWorld;
beforeEach(async () => {
  w = await directoryWorld();
});

const owner: Actor = { id: 'owner-1', role: 'business' };
const admin: Actor = { id: 'admin-1', role: 'admin' };

/** An image stored for `uploadedBy`: its id. */
async function uploaded(uploadedBy: string): Promise<string> {
  const id = randomUUID();
  await w.images.insert({
    _id: id,
    contentType: 'image/webp',
    width: 200,
    height: 200,
    bytes: 1000,
    uploadedBy,
    companyId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  return id;
}

describe('a company edit', () => {
  it('writes the changed fields, with the coordinates of a new city, and the event that says so', async () => {
    const company = await w.company({ city: 'Denver', state: 'CO', latitude: 39.74, longitude: -104.99 });
    const updated = await w.edits.apply(company._id, { city: 'Rockford', state: 'IL', phone: '(815) 555-0100' }, {}, owner);
    expect(updated).toMatchObject({ city: 'Rockford', state: 'IL', phone: '(815) 555-0100', version: 2 });
    expect(updated!.latitude).toBeCloseTo(42.27, 1);
    expect(updated!.longitude).toBeCloseTo(-89.09, 1);
    expect((await w.events('company.updated.v1')).map((e) => e.key)).toEqual([company._id]);
  });

  it('takes sent coordinates as they are, and keeps them when the place did not change', async () => {
    const company = await w.company({ city: 'Denver', state: 'CO', zipCode: '80202', latitude: 1, longitude: 2 });
    expect(await w.edits.apply(company._id, { city: 'Rockford', state: 'IL', latitude: 5, longitude: 6 }, {}, owner)).toMatchObject({
      latitude: 5,
      longitude: 6,
    });
    expect(await w.edits.apply(company._id, { city: 'Rockford', phone: '1' }, {}, owner)).toMatchObject({ latitude: 5, longitude: 6 });
    // One coordinate sent: taken as sent, nothing looked up.
    expect(await w.edits.apply(company._id, { city: 'Denver', state: 'CO', latitude: 7 }, {}, owner)).toMatchObject({
      latitude: 7,
      longitude: 6,
    });
    expect(await w.edits.apply(company._id, { city: 'Rockford', state: 'IL', longitude: 8 }, {}, owner)).toMatchObject({
      latitude: 7,
      longitude: 8,
    });
  });

  it('locates a new ZIP alone, and keeps the coordinates when the gazetteer knows neither ZIP nor city', async () => {
    const company = await w.company({ city: 'Denver', state: 'CO', latitude: 1, longitude: 2 });
    const byZip = await w.edits.apply(company._id, { zipCode: '61101' }, {}, owner);
    expect(byZip!.latitude).toBeCloseTo(42.3, 0);
    const unknown = await w.edits.apply(company._id, { city: 'Nowhere Special', zipCode: '00000' }, {}, owner);
    expect(unknown).toMatchObject({ latitude: byZip!.latitude, longitude: byZip!.longitude });
  });

  it('fills coordinates for a new listing from its city', () => {
    expect(w.edits.withCoordinates(null, { city: 'Rockford', state: 'IL' })).toMatchObject({
      city: 'Rockford',
      latitude: expect.any(Number),
    });
    expect(w.edits.withCoordinates(null, { phone: '1' })).toEqual({ phone: '1' });
  });

  it('refuses a state that is not a US state, writing nothing', async () => {
    const company = await w.company({ state: 'CO' });
    expect(await refusal(w.edits.apply(company._id, { state: 'ZZ' }, {}, owner))).toEqual({
      status: 400,
      message: 'Please select a valid US state',
    });
    const err = await w.edits.apply(company._id, { state: 'ZZ' }, {}, owner).catch((e: unknown) => e);
    expect(err).toMatchObject({ errors: [{ field: 'state', message: 'Please select a valid US state' }] });
    expect(() => assertState('DC')).not.toThrow();
    expect(() => assertState(null)).not.toThrow();
    expect((await w.companies.findById(company._id))?.version).toBe(1);
  });

  it("is refused by the caller's guard on the copy it applies to", async () => {
    const company = await w.company();
    const guard = () => {
      throw new Error('stale');
    };
    await expect(w.edits.apply(company._id, { phone: '1' }, {}, owner, guard)).rejects.toThrow('stale');
    expect((await w.companies.findById(company._id))?.phone).toBeNull();
  });

  it('answers null for a company that is gone', async () => {
    expect(await w.edits.apply('gone', { phone: '1' }, {}, owner)).toBeNull();
  });
});

describe('images on a company', () => {
  it('may be the uploader’s own, on any host, and are linked to the company', async () => {
    const company = await w.company();
    const image = await uploaded(owner.id);
    const photo = await uploaded(owner.id);
    const updated = await w.edits.apply(
      company._id,
      {
        imageUrl: `https://limo.example/api/images/${image}`,
        fleet: [
          { type: 'suv', capacity: 6, photoUrl: `/api/images/${photo}`, hourlyRate: null },
          { type: 'sedan', capacity: 3, photoUrl: null, hourlyRate: 90 },
        ],
      },
      {},
      owner,
    );
    expect(updated?.imageUrl).toBe(`https://limo.example/api/images/${image}`);
    expect((await w.images.findById(image))?.companyId).toBe(company._id);
    expect((await w.images.findById(photo))?.companyId).toBe(company._id);
  });

  it("may be someone else's only for an admin", async () => {
    const company = await w.company();
    const theirs = await uploaded('someone-else');
    expect(await refusal(w.edits.apply(company._id, { imageUrl: `/api/images/${theirs}` }, {}, owner))).toEqual({
      status: 403,
      message: 'You can only use images you uploaded',
    });
    expect(await w.edits.apply(company._id, { imageUrl: `/api/images/${theirs}` }, {}, admin)).toMatchObject({
      imageUrl: `/api/images/${theirs}`,
    });
  });

  it('must exist when they name a stored image; any other address is left alone', async () => {
    const company = await w.company();
    expect(await refusal(w.edits.assertImageUsable(`/api/images/${randomUUID()}`, owner))).toEqual({
      status: 400,
      message: 'That image was not found: please upload it again',
    });
    await expect(w.edits.assertImageUsable('https://cdn.example/logo.png', owner)).resolves.toBeUndefined();
    await expect(w.edits.assertImageUsable('/api/images/../../etc/passwd', owner)).resolves.toBeUndefined();
    await expect(w.edits.assertImageUsable('not a url', owner)).resolves.toBeUndefined();
    await expect(w.edits.assertImageUsable(`/api/images/${randomUUID()}/thumbnail`, owner)).resolves.toBeUndefined();
    await expect(w.edits.assertImageUsable(null, owner)).resolves.toBeUndefined();
    expect((await w.companies.findById(company._id))?.version).toBe(1);
  });

  it('for a fleet vehicle must have been uploaded here, and be the uploader’s', async () => {
    const company = await w.company();
    const vehicle = { type: 'suv', capacity: 6, hourlyRate: null };
    expect(
      await refusal(w.edits.apply(company._id, { fleet: [{ ...vehicle, photoUrl: 'https://cdn.example/suv.jpg' }] }, {}, owner)),
    ).toEqual({
      status: 400,
      message: 'Please upload the vehicle photo',
    });
    const theirs = await uploaded('someone-else');
    expect(await refusal(w.edits.apply(company._id, { fleet: [{ ...vehicle, photoUrl: `/api/images/${theirs}` }] }, {}, owner))).toEqual({
      status: 403,
      message: 'You can only use images you uploaded',
    });
    const missing = await w.edits
      .assertImagesUsable({ fleet: [{ ...vehicle, photoUrl: `/api/images/${randomUUID()}` }] }, owner)
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 400 });
    expect(JSON.stringify(missing)).toContain('fleet');
  });
});

describe("an admin's flags", () => {
  it('feature and mark the business verified, for admins only', async () => {
    const company = await w.company();
    expect(await w.edits.apply(company._id, {}, { featured: true, businessVerified: true }, owner)).toMatchObject({
      featured: false,
      businessVerified: false,
      version: 1,
    });
    expect(await w.edits.apply(company._id, {}, { featured: true, businessVerified: true }, admin)).toMatchObject({
      featured: true,
      businessVerified: true,
      version: 2,
    });
    // Unchanged flags write nothing.
    expect(await w.edits.apply(company._id, {}, { featured: true, businessVerified: true }, admin)).toMatchObject({ version: 2 });
    expect(await w.edits.apply(company._id, {}, { featured: false, businessVerified: false }, admin)).toMatchObject({
      featured: false,
      businessVerified: false,
    });
  });

  it('suspend a verified listing (who and when kept) and give it back as the admin’s decision', async () => {
    const company = await w.company({ verified: true, verification: { source: 'claim', by: null, at: '2026-01-01T00:00:00.000Z' } });
    const suspended = await w.edits.apply(company._id, {}, { verified: false }, admin);
    expect(suspended).toMatchObject({ verified: false, verification: null, suspendedBy: 'admin-1' });
    expect(suspended!.suspendedAt).not.toBeNull();
    // Suspending again changes nothing.
    expect(await w.edits.apply(company._id, {}, { verified: false }, admin)).toMatchObject({ version: suspended!.version });

    const restored = await w.edits.apply(company._id, {}, { verified: true }, admin);
    expect(restored).toMatchObject({
      verified: true,
      suspendedAt: null,
      suspendedBy: null,
      verification: { source: 'admin', by: 'admin-1' },
    });
    // Verified and not suspended: nothing to give back.
    expect(await w.edits.apply(company._id, {}, { verified: true }, admin)).toMatchObject({ version: restored!.version });
  });

  it('give back a listing still verified but marked suspended', async () => {
    const company = await w.company({ verified: true, suspendedAt: '2026-01-01T00:00:00.000Z', suspendedBy: 'admin-0' });
    expect(await w.edits.apply(company._id, {}, { verified: true }, admin)).toMatchObject({ suspendedAt: null, suspendedBy: null });
    const unverified = await w.company();
    expect(await w.edits.apply(unverified._id, {}, { verified: false }, admin)).toMatchObject({ version: 1, suspendedAt: null });
  });

  it('record the time of a suspension and of its end', () => {
    const before = new Date().toISOString();
    expect(suspension(admin).suspendedAt! >= before).toBe(true);
    expect(unsuspension(admin).verification!.at >= before).toBe(true);
  });
});
