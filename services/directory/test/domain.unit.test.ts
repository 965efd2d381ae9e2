import { describe, expect, it } from 'vitest';
import { companySearchQuerySchema } from '@limo/contracts';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { companiesWorkbook, escapeCell, exportFileName } from '../src/domain/export.js';
import { newCompanyDoc } from '../src/domain/company.js';
import { checkAndReencodeImage, IMAGE_MESSAGES, MAX_IMAGE_BYTES, sniffImageFormat } from '../src/domain/image.js';
import { isUsState, locate, parseFullAddress } from '../src/domain/location.js';
import { deterministicId, generateCityCompanies, generateDemoReviews, POPULATE_CITIES } from '../src/domain/populate.js';
import { reviewFingerprint } from '../src/domain/review.js';
import { toSearchQuery } from '../src/search/search-query.js';
import { png } from './images.js';

describe('populate generator', () => {
  const now = new Date('2025-01-01T00:00:00Z');
  it('gives the same 100 companies of a city every time, with unique ids and names', () => {
    const miami = POPULATE_CITIES.find((c) => c.slug === 'miami')!;
    const a = generateCityCompanies(miami, { actor: 'x', now });
    const b = generateCityCompanies(miami, { actor: 'y', now: new Date() });
    expect(a).toHaveLength(100);
    expect(a.map((c) => [c._id, c.name, c.phone, c.latitude, c.longitude])).toEqual(
      b.map((c) => [c._id, c.name, c.phone, c.latitude, c.longitude]),
    );
    expect(new Set(a.map((c) => c._id)).size).toBe(100);
    expect(new Set(a.map((c) => c.name)).size).toBe(100);
    expect(a.every((c) => !/Service Service/.test(c.name))).toBe(true);
  });

  it('features few companies, as featuring is paid', () => {
    for (const city of POPULATE_CITIES) {
      const featured = generateCityCompanies(city, { actor: 'x', now }).filter((c) => c.featured);
      expect(featured.length, city.city).toBe(2);
    }
  });

  const cityNamed = (slug: string) => POPULATE_CITIES.find((c) => c.slug === slug)!;

  it('lists each company as a local business: its city, area code, ZIP, own web domain and a street address', () => {
    const boston = cityNamed('boston');
    const companies = generateCityCompanies(boston, { actor: 'admin-1', now });
    companies.forEach((c, i) => {
      expect(c).toMatchObject({ city: 'Boston', state: 'MA', userId: null, claimed: false, rating: 0, reviewCount: 0 });
      expect(c.phone).toBe(`(${boston.areaCodes[i % boston.areaCodes.length]}) 555-${String(100 + i).padStart(4, '0')}`);
      expect(c.zipCode).toMatch(/^021(0[1-9]|[1-8][0-9]|9[0-8])$/);
      const domain = c.website!.match(/^https:\/\/([a-z0-9-]+-boston)\.example\.com\/$/)![1];
      expect(domain).not.toMatch(/^-|--/);
      expect(c.email).toBe(`info@${domain}.example.com`);
      expect([null, `bookings@${domain}.example.com`]).toContain(c.businessEmail);
      const [, number] = c.address!.match(/^(\d+) [A-Z0-9][A-Za-z0-9 ]+$/)!;
      expect(Number(number)).toBeGreaterThanOrEqual(100);
      expect(Number(number)).toBeLessThan(9900);
    });
    // The listing's name gives its domain; some names carry the city, and some listings a bookings address.
    expect(companies[0].website).toBe(
      `https://${companies[0].name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/-$/, '')}-boston.example.com/`,
    );
    expect(companies.filter((c) => c.name.startsWith('Boston ')).length).toBeGreaterThan(10);
    expect(companies.filter((c) => c.name.startsWith('Boston ')).length).toBeLessThan(50);
    expect(companies.filter((c) => c.businessEmail !== null).length).toBeGreaterThan(30);
    expect(companies.filter((c) => c.businessEmail !== null).length).toBeLessThan(70);
  });

  it('places every company on land within 18 miles of the centre, spread around it', () => {
    for (const slug of ['boston', 'seattle', 'miami', 'dallas']) {
      const city = cityNamed(slug);
      const [from, to] = city.land;
      const places = generateCityCompanies(city, { actor: 'x', now }).map((c) => {
        const north = (c.latitude! - city.latitude) * 69.0;
        const east = (c.longitude! - city.longitude) * 69.172 * Math.cos((city.latitude * Math.PI) / 180);
        const bearing = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
        return { miles: Math.hypot(north, east), turn: (bearing - from + 360) % 360 };
      });
      for (const { miles, turn } of places) {
        expect(miles, slug).toBeLessThanOrEqual(18.001);
        expect(turn, slug).toBeLessThanOrEqual(to - from + 0.01);
      }
      // Not all heaped at the centre or on its edge.
      expect(places.filter((p) => p.miles < 9).length, slug).toBeGreaterThan(10);
      expect(places.filter((p) => p.miles > 9).length, slug).toBeGreaterThan(10);
    }
  });

  it('gives each company a price range with an hourly rate inside it, services, vehicles and a description of them', () => {
    const rates: Record<string, [number, number]> = { $: [55, 85], $$: [85, 125], $$$: [125, 175], $$$$: [175, 300] };
    const companies = generateCityCompanies(cityNamed('austin'), { actor: 'admin-1', now });
    for (const c of companies) {
      const [low, high] = rates[c.priceRange!];
      expect(c.hourlyRateStart! % 5).toBe(0);
      expect(c.hourlyRateStart).toBeGreaterThanOrEqual(low);
      expect(c.hourlyRateStart).toBeLessThanOrEqual(high);
      expect(c.services.length).toBeGreaterThanOrEqual(2);
      expect(c.services.length).toBeLessThanOrEqual(6);
      expect(new Set(c.services).size).toBe(c.services.length);
      expect(c.vehicleTypes.length).toBeGreaterThanOrEqual(2);
      expect(c.vehicleTypes.length).toBeLessThanOrEqual(5);
      expect(new Set(c.vehicleTypes).size).toBe(c.vehicleTypes.length);
      const [, since] = c
        .description!.match(
          /^[A-Z][a-z-]+( [a-z]+)+ in Austin since (\d{4}), offering [^,]+(, [^,]+)? and [^,]+ for [^,]+(, [^,]+)? and [^,]+\.$/,
        )!
        .slice(1);
      expect(Number(since)).toBeGreaterThanOrEqual(1985);
      expect(Number(since)).toBeLessThanOrEqual(2020);
      expect(c.seoKeywords).toMatch(/^limo austin, austin limousine service, [A-Za-z -]+(, [A-Za-z -]+)+$/);
      expect(c.seoKeywords!.split(', ')).toHaveLength(2 + c.vehicleTypes.length);
    }
    // Every price range and the whole span of service counts occur.
    expect(new Set(companies.map((c) => c.priceRange))).toEqual(new Set(Object.keys(rates)));
    expect(new Set(companies.map((c) => c.services.length))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(new Set(companies.map((c) => c.vehicleTypes.length))).toEqual(new Set([2, 3, 4, 5]));
    expect(companies.filter((c) => c.priceRange === '$$' || c.priceRange === '$$$').length).toBeGreaterThan(50);
  });

  it('credits the verified flag of about half the listings to the admin who ran it, and dates them over the last 900 days', () => {
    const runAt = new Date('2026-03-01T10:00:00.000Z');
    const companies = generateCityCompanies(cityNamed('denver'), { actor: 'admin-7', now: runAt });
    const verified = companies.filter((c) => c.verified);
    expect(verified.length).toBeGreaterThan(35);
    expect(verified.length).toBeLessThan(75);
    for (const c of companies) {
      expect(c.verification).toEqual(c.verified ? { source: 'admin', by: 'admin-7', at: '2026-03-01T10:00:00.000Z' } : null);
      const age = runAt.getTime() - Date.parse(c.createdAt);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(901 * 86_400_000);
      expect(c.updatedAt).toBe(c.createdAt);
    }
    expect(companies.filter((c) => c.featured).map((c) => companies.indexOf(c))).toEqual([49, 99]);
    // Spread over the period, not all on one day.
    expect(new Set(companies.map((c) => c.createdAt.slice(0, 10))).size).toBeGreaterThan(50);
  });

  it('reviews about 60% of the companies, one to six approved reviews each, leaning good', () => {
    const companies = generateCityCompanies(cityNamed('phoenix'), { actor: 'x', now });
    const reviews = generateDemoReviews(companies, now);
    expect(generateDemoReviews(companies, now)).toEqual(reviews);
    const perCompany = new Map<string, number>();
    for (const r of reviews) perCompany.set(r.companyId, (perCompany.get(r.companyId) ?? 0) + 1);
    expect(perCompany.size).toBeGreaterThan(45);
    expect(perCompany.size).toBeLessThan(75);
    expect(new Set(perCompany.values())).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(reviews.map((r) => r._id)).size).toBe(reviews.length);
    for (const r of reviews) {
      expect(r).toMatchObject({ userId: null, status: 'approved', decidedBy: 'system', decidedAt: r.createdAt });
      expect(r.reviewerName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      expect(r.fingerprint).toBe(reviewFingerprint(r.reviewerName, r.comment));
      const age = now.getTime() - Date.parse(r.createdAt);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(365 * 86_400_000);
    }
    const ratings = reviews.map((r) => r.rating);
    expect(new Set(ratings)).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(ratings.filter((r) => r === 5).length).toBeGreaterThan(ratings.length * 0.35);
    expect(ratings.filter((r) => r >= 4).length).toBeGreaterThan(ratings.length * 0.7);
    // A comment fits its rating: the five-star ones are praise, the one-star one a no-show.
    expect(reviews.filter((r) => r.rating === 1).every((r) => r.comment!.startsWith('No-show'))).toBe(true);
    expect(reviews.filter((r) => r.rating === 5).every((r) => !/late|not|No-show|pricey/.test(r.comment!))).toBe(true);
    expect(new Set(reviews.map((r) => r.createdAt.slice(0, 7))).size).toBeGreaterThan(6);
  });

  it('covers the 19 cities of owner-admin §9 and ids look like UUIDs', () => {
    expect(POPULATE_CITIES).toHaveLength(19);
    expect(deterministicId('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('export escaping', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['Plain Limo', 'Plain Limo'],
  ])('escapes %j as %j', (input, output) => expect(escapeCell(input)).toBe(output));

  it('writes one sheet: a frozen bold header row, then a row per company with labels, flags and escaped text', async () => {
    const company = {
      ...newCompanyDoc({
        _id: 'company-1',
        name: '=HYPERLINK("http://evil.example")',
        createdAt: '2026-01-01T00:00:00.000Z',
        phone: '(305) 555-0100',
        city: 'Miami',
        state: 'FL',
        latitude: 25.76,
        longitude: -80.19,
        services: ['wedding', 'airport-transfer'],
        vehicleTypes: ['party-bus', 'sedan'],
        verified: true,
        suspendedAt: '2026-02-01T00:00:00.000Z',
        rating: 4.5,
        reviewCount: 2,
      }),
      version: 1,
    };
    const workbook = new ExcelJS.Workbook();
    const file = await companiesWorkbook([company, { ...company, _id: 'company-2', name: 'Plain Limo', suspendedAt: null }]);
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.creator).toBe('LimoDirectory');
    const sheet = workbook.getWorksheet('Companies')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font).toMatchObject({ bold: true });
    // Row values are 1-based.
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (n: number) => Object.fromEntries(header.map((h, i) => [h, (sheet.getRow(n).values as unknown[])[i + 1] ?? null]));
    expect(header.slice(0, 3)).toEqual(['ID', 'Name', 'Phone']);
    expect(header).toHaveLength(27);
    expect(sheet.getColumn(1).width).toBe(38);
    expect(row(2)).toMatchObject({
      ID: 'company-1',
      Name: `'=HYPERLINK("http://evil.example")`,
      Phone: '(305) 555-0100',
      City: 'Miami',
      State: 'FL',
      Latitude: 25.76,
      // A negative number stays a number: only text is escaped.
      Longitude: -80.19,
      Services: 'Wedding, Airport Transfer',
      'Vehicle Types': 'Party Bus, Sedan',
      Featured: false,
      Verified: true,
      Suspended: true,
      Rating: 4.5,
      Reviews: 2,
      'Owner User ID': null,
      'Created At': '2026-01-01T00:00:00.000Z',
    });
    expect(row(3)).toMatchObject({ ID: 'company-2', Name: 'Plain Limo', Suspended: false });
  });

  it('dates the file name', () => expect(exportFileName(new Date('2025-02-03T23:00:00Z'))).toBe('companies-export-2025-02-03.xlsx'));
});

describe('image sniffing', () => {
  it('tells formats by their first bytes', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('hello'))).toBeNull();
    // Exactly the magic bytes, and near misses of each.
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBP'))).toBe('webp');
    for (const bytes of [
      [0x00, 0xd8, 0xff],
      [0xff, 0x00, 0xff],
      [0xff, 0xd8, 0x00],
      [0xff, 0xd8],
    ])
      expect(sniffImageFormat(Buffer.from(bytes)), String(bytes)).toBeNull();
    for (const text of ['RIFX\0\0\0\0WEBP', 'RIFF\0\0\0\0WEBX', 'RIFF\0\0\0\0WEB'])
      expect(sniffImageFormat(Buffer.from(text)), text).toBeNull();
  });
});

describe('image checks', () => {
  const webpSize = async (data: Buffer) => {
    const meta = await sharp(data).metadata();
    return [meta.format, meta.width, meta.height, meta.exif];
  };

  it('re-encode an image to WebP, scaled down to fit 2000 pixels, never up', async () => {
    const small = await checkAndReencodeImage(await png(100, 100));
    expect(small).toMatchObject({ ok: true, width: 100, height: 100, contentType: 'image/webp' });
    expect(await webpSize((small as { data: Buffer }).data)).toEqual(['webp', 100, 100, undefined]);
    const big = await checkAndReencodeImage(await png(3000, 1500));
    expect(big).toMatchObject({ ok: true, width: 2000, height: 1000 });
    expect(await webpSize((big as { data: Buffer }).data)).toEqual(['webp', 2000, 1000, undefined]);
  });

  it('apply the EXIF orientation and drop the metadata', async () => {
    const photo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Dana' } })
      .toBuffer();
    const checked = await checkAndReencodeImage(photo);
    expect(checked).toMatchObject({ ok: true, width: 120, height: 300 });
    expect(await webpSize((checked as { data: Buffer }).data)).toEqual(['webp', 120, 300, undefined]);
  });

  it('refuse what is not an image, too small, too large, or claims too many pixels', async () => {
    const refused = (message: string) => ({ ok: false, message });
    expect(await checkAndReencodeImage(Buffer.from('just some text, not an image'))).toEqual(refused(IMAGE_MESSAGES.notImage));
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await checkAndReencodeImage(Buffer.concat([header, Buffer.alloc(64)]))).toEqual(refused(IMAGE_MESSAGES.notImage));
    const whole = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(await checkAndReencodeImage(whole.subarray(0, whole.length / 2))).toEqual(refused(IMAGE_MESSAGES.notImage));
    expect(await checkAndReencodeImage(await png(99, 200))).toEqual(refused(IMAGE_MESSAGES.tooSmall));
    expect(await checkAndReencodeImage(await png(200, 99))).toEqual(refused(IMAGE_MESSAGES.tooSmall));
    expect(await checkAndReencodeImage(await png(8000, 5001))).toEqual(refused(IMAGE_MESSAGES.tooManyPixels));
    const image = await png(200, 200);
    // 5 MB exactly is allowed (what follows the image's end is dropped by the re-encoding).
    expect(await checkAndReencodeImage(Buffer.concat([image, Buffer.alloc(MAX_IMAGE_BYTES - image.length)]))).toMatchObject({ ok: true });
    expect(await checkAndReencodeImage(Buffer.concat([await png(200, 200), Buffer.alloc(MAX_IMAGE_BYTES)]))).toEqual(
      refused(IMAGE_MESSAGES.tooLarge),
    );
  });
});

describe('places of a listing', () => {
  it('are found from the ZIP first, then the city and state; a state alone places nothing', () => {
    expect(locate({ zipCode: '33139', city: 'Austin', state: 'TX' })).toEqual({ latitude: 25.7873, longitude: -80.1564 });
    expect(locate({ zipCode: null, city: 'Austin', state: 'TX' })).toEqual({ latitude: 30.26715, longitude: -97.74306 });
    expect(locate({ zipCode: '00000', city: 'Austin', state: 'TX' })).toEqual({ latitude: 30.26715, longitude: -97.74306 });
    expect(locate({ zipCode: null, city: 'Austin', state: null })).toBeNull();
    expect(locate({ zipCode: null, city: 'Texas', state: 'TX' })).toBeNull();
    expect(isUsState('DC')).toBe(true);
    expect(isUsState('ZZ')).toBe(false);
  });
});

describe('full address parsing', () => {
  it('splits street, city, state and ZIP', () => {
    expect(parseFullAddress('1200 Ocean Dr, Miami Beach, FL 33139, USA')).toEqual({
      address: '1200 Ocean Dr',
      city: 'Miami Beach',
      state: 'FL',
      zipCode: '33139',
    });
    expect(parseFullAddress('Somewhere, Austin, TX')).toEqual({ address: 'Somewhere', city: 'Austin', state: 'TX', zipCode: null });
    expect(parseFullAddress('1200 Ocean Dr , Miami Beach , FL')).toEqual({
      address: '1200 Ocean Dr',
      city: 'Miami Beach',
      state: 'FL',
      zipCode: null,
    });
    expect(parseFullAddress('just text')).toBeNull();
    expect(parseFullAddress('1 Road, Town, ZZ 12345')).toBeNull();
  });
});

describe('search query translation', () => {
  const parse = (query: Record<string, string>) => toSearchQuery(companySearchQuerySchema.parse(query));

  it('makes a place a radius, statewide a state, a state name a state, and anything else text', () => {
    expect(parse({ location: 'Miami, FL', distance: '50' })).toMatchObject({ radiusMiles: 50, near: { latitude: expect.any(Number) } });
    expect(parse({ location: 'Miami, FL', distance: 'statewide' })).toMatchObject({ state: 'FL', near: expect.any(Object) });
    expect(parse({ location: 'Miami, FL', distance: 'statewide' }).radiusMiles).toBeUndefined();
    expect(parse({ location: 'Texas' })).toMatchObject({ state: 'TX' });
    expect(parse({ location: 'Texas' }).near).toBeUndefined();
    expect(parse({ location: 'golden chariot' })).toMatchObject({ text: 'golden chariot' });
  });

  it('defaults to 25 miles, page 1, 15 a page, best-match; "all" and "any" mean no filter', () => {
    expect(parse({ location: '10001', serviceType: 'all', priceRange: 'any' })).toEqual({
      near: expect.any(Object),
      radiusMiles: 25,
      // The searched city, for the companies whose service area covers it (issue 21).
      servedPlace: 'ny/new-york',
      sort: 'best-match',
      page: 1,
      limit: 15,
    });
  });

  it('normalises vocabulary spellings to slugs', () => {
    expect(
      parse({
        serviceType: 'Corporate',
        vehicleTypes: 'Stretch Limousine, SUV Limo,stretch-limo',
        priceRange: '$$$$ Luxury',
        minRating: '4+',
      }),
    ).toMatchObject({
      service: 'corporate',
      vehicleTypes: ['stretch-limo', 'suv-limo'],
      priceRange: '$$$$',
      minRating: 4,
    });
  });
});
