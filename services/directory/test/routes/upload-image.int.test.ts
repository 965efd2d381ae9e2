import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OwnerCompany } from '@limo/contracts';
import { INTERNAL_HEADER } from '@limo/platform';
import { call, multipart, png, sharedHarness, sharedUser, startDirectory, userOf, type TestUser } from '../support.js';

const h = sharedHarness(() => startDirectory());
const owner = sharedUser(h, 'business');

function upload(
  user: TestUser | undefined,
  file: Parameters<typeof multipart>[0],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const body = multipart(file, fields);
  return h.app.inject({
    method: 'POST',
    url: '/api/upload-image',
    headers: { ...body.headers, ...headers, ...(user && { cookie: user.cookie }) },
    payload: body.payload,
  });
}

describe('POST /api/upload-image', () => {
  // Issue 22, defect 7a: the client's Host header (the gateway's X-Forwarded-Host) was echoed into the imageUrl.
  it('answers the imageUrl on PUBLIC_URL, whatever Host the client sent', async () => {
    const viaGateway: Record<string, string> = {
      [INTERNAL_HEADER]: h.ctx.config.INTERNAL_SECRET,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const direct: Record<string, string> = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const headers of [viaGateway, { host: 'evil.example' }, direct]) {
      const res = await upload(owner, { name: 'a.png', type: 'image/png', data: await png(120, 120) }, {}, headers);
      expect(res.json().imageUrl).toMatch(/^http:\/\/limo\.test\/api\/images\/[0-9a-f-]{36}$/);
    }
  });

  it('accepts a real PNG, re-encodes it to WebP without its metadata, and serves it at the imageUrl', async () => {
    const withExif = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner-name' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-owner-name'))).toBe(true);
    const res = await upload(owner, { name: 'photo.png', type: 'image/png', data: withExif });
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^http:\/\/limo\.test\/api\/images\/[0-9a-f-]{36}$/);
    const served = await call(h, 'GET', new URL(imageUrl).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner-name'))).toBe(false);
  });

  it('accepts JPEG and WebP too, whatever name they carry', async () => {
    const jpeg = await sharp({ create: { width: 150, height: 150, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 150, height: 150, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(owner, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).statusCode).toBe(200);
    expect((await upload(owner, { name: 'noextension', type: 'application/octet-stream', data: webp })).statusCode).toBe(200);
  });

  it('refuses a text file renamed .png with "Please select an image file"', async () => {
    const res = await upload(owner, {
      name: 'evil.png',
      type: 'image/png',
      data: Buffer.from('<script>alert(1)</script> not an image at all'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select an image file');
  });

  it('refuses a PNG header followed by garbage, and a GIF', async () => {
    const broken = Buffer.concat([(await png(200, 200)).subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await upload(owner, { name: 'broken.png', type: 'image/png', data: broken })).json().message).toBe(
      'Please select an image file',
    );
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload(owner, { name: 'anim.gif', type: 'image/gif', data: gif })).json().message).toBe('Please select an image file');
  });

  it('refuses a 50x50 image with "Please select an image that\'s at least 100x100 pixels"', async () => {
    const res = await upload(owner, { name: 'tiny.png', type: 'image/png', data: await png(50, 50) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select an image that's at least 100x100 pixels");
  });

  it('refuses a file over 5 MB with "Please select an image smaller than 5MB"', async () => {
    const big = Buffer.concat([await png(200, 200), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(owner, { name: 'huge.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select an image smaller than 5MB');
  });

  it('refuses a request without a file, or not multipart, with 400', async () => {
    const noFile = multipart({ field: 'other', name: 'x.png', type: 'image/png', data: await png(120, 120) });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: { ...noFile.headers, cookie: owner.cookie },
      payload: noFile.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select an image file');
    const json = await call(h, 'POST', '/api/upload-image', owner, { image: 'data' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please select an image file');
  });

  it('needs a business or admin account, and the company (when named) must be the caller’s', async () => {
    const image = { name: 'a.png', type: 'image/png', data: await png(120, 120) };
    expect((await upload(undefined, image)).statusCode).toBe(401);
    expect((await upload(userOf(h, 'user'), image)).statusCode).toBe(403);
    const company = (
      await call(h, 'POST', '/api/companies', owner, { name: 'Image Owner Limo', fullAddress: '5 Elm St, Reno, NV 89501' })
    ).json<OwnerCompany>();
    expect((await upload(owner, image, { companyId: company.id })).statusCode).toBe(200);
    const other = await upload(userOf(h, 'business'), image, { companyId: company.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only add images to your own company');
    expect((await upload(owner, image, { companyId: 'missing' })).statusCode).toBe(404);
  });

  it("refuses to attach another user's uploaded image to a company", async () => {
    const admin = userOf(h, 'admin');
    const stranger = userOf(h, 'business');
    const strangerImage = (await upload(stranger, { name: 'b.png', type: 'image/png', data: await png(120, 120) })).json().imageUrl;
    const company = (
      await call(h, 'POST', '/api/companies', owner, { name: 'Attach Test Limo', fullAddress: '9 Oak St, Reno, NV 89501' })
    ).json<OwnerCompany>();
    await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, { businessVerified: true });
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, { imageUrl: strangerImage });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only use images you uploaded');
    const mine = (await upload(owner, { name: 'c.png', type: 'image/png', data: await png(120, 120) })).json().imageUrl;
    const ok = await call(h, 'PUT', `/api/companies/${company.id}`, owner, { imageUrl: mine });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ imageUrl: mine, logoUrl: mine });
  });
});
