import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { BrowserSuite, describeInBrowser, expectNoSeriousA11yViolations, expectToast, screenshot, signUpBusiness } from './support';

// Issue 21, a richer profile: an owner uploads two gallery images, reorders them, deletes one, and
// the company page shows the gallery as left.
const e2e = new BrowserSuite();

/** A PNG of one colour, so the two uploads differ. */
const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** The ids of the owner's gallery, in order, as the dashboard lists them. */
const dashboardOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Gallery images' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-image-id')));

describeInBrowser('the gallery in the browser (issue 21)', () => {
  e2e.start();

  it('an owner uploads two images, reorders them, deletes one, and the company page shows the gallery', async () => {
    const { page } = await e2e.session();
    await signUpBusiness(page, 'gallery-owner');
    const listed = await page.request.post('/api/companies', {
      headers: { origin: e2e.product.url },
      data: { name: 'Gallery Lane Limousines', fullAddress: '200 S Orange Ave, Orlando, FL 32801', city: 'Orlando', state: 'FL' },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const companyId = ((await listed.json()) as { id: string }).id;

    await page.goto('/dashboard?tab=images');
    const chooser = page.getByLabel('Choose a gallery image');
    await chooser.setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: await picture(200, 30, 60) });
    await expectToast(page, 'Image uploaded successfully!');
    await expect.poll(() => dashboardOrder(page)).toHaveLength(1);
    await chooser.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: await picture(30, 60, 200) });
    await expect.poll(() => dashboardOrder(page)).toHaveLength(2);
    const [first, second] = await dashboardOrder(page);

    await page.getByRole('button', { name: 'Move photo 1 later' }).click();
    await expect.poll(() => dashboardOrder(page)).toEqual([second, first]);
    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    await expectToast(page, 'Image deleted');
    await expect.poll(() => dashboardOrder(page)).toEqual([first]);
    await screenshot(page, 'dashboard-gallery');

    await page.goto(`/company/${companyId}`);
    const gallery = page.getByTestId('company-gallery').getByRole('img');
    await expect.poll(() => gallery.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-image-id')))).toEqual([first]);
    // The image itself is served (the browser loaded it).
    await expect.poll(() => gallery.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
    await screenshot(page, 'company-gallery');
    await expectNoSeriousA11yViolations(page);
  });
});
