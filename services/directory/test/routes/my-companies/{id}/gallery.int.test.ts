import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail, GalleryImage, OwnerCompany } from '@limo/contracts';
import { call, multipart, ownerListing, png, sharedHarness, sharedUser, startDirectory, userOf, type TestUser } from '../../../support.js';

const h = sharedHarness(() => startDirectory({ PUBLIC_URL: 'http://limo.test' }));
const owner = sharedUser(h, 'business');
let company: OwnerCompany;
let picture: Buffer;

beforeAll(async () => {
  company = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Gallery Limo' }))).json<OwnerCompany>();
  picture = await png(320, 200);
});

const galleryUrl = (id: string) => `/api/my-companies/${id}/gallery`;

function upload(user: TestUser | undefined, companyId: string, data: Buffer, type = 'image/png') {
  const body = multipart({ name: 'photo.png', type, data });
  return h.app.inject({
    method: 'POST',
    url: galleryUrl(companyId),
    headers: { ...body.headers, ...(user && { cookie: user.cookie }) },
    payload: body.payload,
  });
}

const publicGallery = async (id: string) => (await call(h, 'GET', `/api/companies/${id}`)).json<CompanyDetail>().gallery;

describe('POST /api/my-companies/{id}/gallery (issue 21, gallery)', () => {
  it('adds the owner’s image at the end of the gallery, shown on the company', async () => {
    expect(await publicGallery(company.id)).toEqual([]);
    const res = await upload(owner, company.id, picture);
    expect(res.statusCode).toBe(201);
    const { image, gallery } = res.json<{ image: GalleryImage; gallery: GalleryImage[] }>();
    expect(image.url).toBe(`/api/images/${image.id}`);
    expect(gallery).toEqual([image]);
    expect(await publicGallery(company.id)).toEqual([image]);
    const served = await h.app.inject({ method: 'GET', url: `/api/images/${image.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('checks the image like every upload: by content, size and dimensions (400 with the form’s message)', async () => {
    const cases: Array<[Buffer, string, RegExp]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', /Please select an image file/],
      [await png(60, 60), 'image/png', /at least 100x100/],
      [Buffer.concat([picture.subarray(0, 8), Buffer.alloc(6 * 1024 * 1024)]), 'image/png', /smaller than 5MB/],
    ];
    for (const [data, type, message] of cases) {
      const res = await upload(owner, company.id, data, type);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('is the owner’s alone: 401 signed out, 403 for another owner and for admins, 404 for an unknown company', async () => {
    expect((await upload(undefined, company.id, picture)).statusCode).toBe(401);
    expect((await upload(userOf(h, 'business'), company.id, picture)).statusCode).toBe(403);
    expect((await upload(userOf(h, 'admin'), company.id, picture)).statusCode).toBe(403);
    expect((await upload(owner, 'no-such-company', picture)).statusCode).toBe(404);
  });

  it('holds 10 images: the 11th answers 400 saying so, and nothing is stored', async () => {
    const other = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Full Gallery Limo' }))).json<OwnerCompany>();
    for (let i = 0; i < 10; i++) expect((await upload(owner, other.id, picture)).statusCode).toBe(201);
    const res = await upload(owner, other.id, picture);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/already has 10 images.*delete one/);
    expect(await publicGallery(other.id)).toHaveLength(10);
  });
});

describe('PUT /api/my-companies/{id}/gallery/order and DELETE /api/my-companies/{id}/gallery/{imageId}', () => {
  let ids: string[];

  beforeAll(async () => {
    const fresh = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Ordered Limo' }))).json<OwnerCompany>();
    company = fresh;
    ids = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(owner, fresh.id, picture)).json<{ image: GalleryImage }>().image.id);
  });

  it('puts the gallery in the order sent', async () => {
    const order = [ids[2], ids[0], ids[1]];
    const res = await call(h, 'PUT', `${galleryUrl(company.id)}/order`, owner, { imageIds: order });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ gallery: GalleryImage[] }>().gallery.map((g) => g.id)).toEqual(order);
    expect((await publicGallery(company.id)).map((g) => g.id)).toEqual(order);
  });

  it('refuses an order that is not every image exactly once (400)', async () => {
    for (const imageIds of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [ids[0], ids[1], 'someone-elses'],
    ]) {
      const res = await call(h, 'PUT', `${galleryUrl(company.id)}/order`, owner, { imageIds });
      expect(res.statusCode, JSON.stringify(imageIds)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/every image of the gallery exactly once/);
    }
    expect((await call(h, 'PUT', `${galleryUrl(company.id)}/order`, owner, { imageIds: 'x' })).statusCode).toBe(400);
    expect((await call(h, 'PUT', `${galleryUrl(company.id)}/order`, userOf(h, 'business'), { imageIds: ids })).statusCode).toBe(403);
  });

  it('deletes an image: out of the gallery, and its file gone', async () => {
    expect((await call(h, 'DELETE', `${galleryUrl(company.id)}/${ids[0]}`, userOf(h, 'business'))).statusCode).toBe(403);
    const res = await call(h, 'DELETE', `${galleryUrl(company.id)}/${ids[0]}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ gallery: GalleryImage[] }>().gallery.map((g) => g.id)).toEqual([ids[2], ids[1]]);
    expect((await publicGallery(company.id)).map((g) => g.id)).toEqual([ids[2], ids[1]]);
    expect((await h.app.inject({ method: 'GET', url: `/api/images/${ids[0]}` })).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `${galleryUrl(company.id)}/${ids[0]}`, owner)).statusCode).toBe(404);
  });
});
