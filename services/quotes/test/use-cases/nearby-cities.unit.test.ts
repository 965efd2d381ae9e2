import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanySnapshot } from '@limo/contracts';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { CompaniesRepository } from '../../src/repositories/companies.repository.js';
import { nearbyServedCities } from '../../src/use-cases/nearby-cities.js';
import { companySnapshot, ROCKFORD } from '../fixtures.js';

// The served cities a visitor is offered when nobody serves the city asked for (README "City-wide
// quote requests"): nearest first, each with the companies a request there would reach.

let companies: CompaniesRepository;

beforeEach(async () => {
  companies = await CompaniesRepository.create(await NedbDocumentStore.create());
});

async function listed(fields: Partial<CompanySnapshot>): Promise<string> {
  const snapshot = companySnapshot(fields);
  await companies.applySnapshot(snapshot, snapshot.createdAt);
  return snapshot.id;
}

const JANESVILLE = { latitude: 42.68279, longitude: -89.01872 };
const DEKALB = { latitude: 41.92947, longitude: -88.75036 };
const MIAMI = { latitude: 25.7617, longitude: -80.1918 };

describe('the served cities nearest to an unserved one', () => {
  it('are the cities of reachable companies, nearest first, with the companies each reaches and whole miles', async () => {
    // Listed by name only (27.0 miles), by name and coordinates (28.7 and 29.5 miles).
    await listed({ city: 'Freeport', state: 'IL', latitude: null, longitude: null });
    await listed({ city: 'Janesville', state: 'WI', ...JANESVILLE });
    await listed({ city: 'DeKalb', state: 'IL', ...DEKALB });
    await listed({ city: 'dekalb', state: 'il', ...DEKALB, userId: 'owner-without-email', email: null });
    // Nobody can be sent anything in Belvidere (no e-mail, no owner); Sycamore's company was deleted.
    await listed({ city: 'Belvidere', state: 'IL', latitude: 42.2639, longitude: -88.8443, email: null, businessEmail: null });
    const deleted = await listed({ city: 'Sycamore', state: 'IL', latitude: 41.9889, longitude: -88.6868 });
    await companies.applyDeleted(deleted, 2, new Date().toISOString());

    expect(await nearbyServedCities(companies, ROCKFORD, 5)).toEqual([
      { city: 'Freeport', state: 'IL', label: 'Freeport, IL', companies: 1, distanceMiles: 27 },
      { city: 'Janesville', state: 'WI', label: 'Janesville, WI', companies: 1, distanceMiles: 29 },
      { city: 'DeKalb', state: 'IL', label: 'DeKalb, IL', companies: 2, distanceMiles: 29 },
    ]);
  });

  it('are at most `limit`, the nearest ones', async () => {
    await listed({ city: 'Freeport', state: 'IL', latitude: null, longitude: null });
    await listed({ city: 'Janesville', state: 'WI', ...JANESVILLE });
    await listed({ city: 'DeKalb', state: 'IL', ...DEKALB });
    expect((await nearbyServedCities(companies, ROCKFORD, 2)).map((c) => c.label)).toEqual(['Freeport, IL', 'Janesville, WI']);
    expect((await nearbyServedCities(companies, ROCKFORD, 1)).map((c) => c.label)).toEqual(['Freeport, IL']);
  });

  it('widen the search until enough are found, however far', async () => {
    await listed({ city: 'Denver', state: 'CO', latitude: 39.7392, longitude: -104.9903 });
    await listed({ city: 'Honolulu', state: 'HI', latitude: 21.3069, longitude: -157.8583 });
    await listed({ city: 'Janesville', state: 'WI', ...JANESVILLE });
    const found = await nearbyServedCities(companies, ROCKFORD, 3);
    expect(found.map((c) => c.label)).toEqual(['Janesville, WI', 'Denver, CO', 'Honolulu, HI']);
    expect(found[1].distanceMiles).toBeGreaterThan(800);
    expect(found[2].distanceMiles).toBeGreaterThan(3200);
  });

  it('name a company at coordinates without a city by the nearest town, and one of a town the gazetteer does not know by its listing', async () => {
    await listed({ city: null, state: null, ...JANESVILLE });
    await listed({ city: 'Hidden Hollow', state: 'IL', ...DEKALB });
    // Neither a usable name nor coordinates: nowhere to offer.
    await listed({ city: null, state: 'IL', latitude: null, longitude: null });
    const found = await nearbyServedCities(companies, ROCKFORD, 5);
    expect(found.map((c) => c.label)).toEqual(['Janesville, WI', 'Hidden Hollow, IL']);
    expect(found[1]).toMatchObject({ companies: 1, distanceMiles: 29 });
  });

  it('leave out a listed city whose own service area reaches nobody, and offer the next one instead', async () => {
    // "Ft Lauderdale" without coordinates: the gazetteer reads Fort Lauderdale, but a request there
    // reaches companies listed as "Fort Lauderdale" or within its radius, not this one.
    await listed({ city: 'Ft Lauderdale', state: 'FL', latitude: null, longitude: null });
    await listed({ city: 'Boca Raton', state: 'FL', latitude: null, longitude: null });
    await listed({ city: 'Hollywood', state: 'FL', latitude: null, longitude: null });
    expect((await nearbyServedCities(companies, MIAMI, 1)).map((c) => c.label)).toEqual(['Hollywood, FL']);
    expect((await nearbyServedCities(companies, MIAMI, 5)).map((c) => c.label)).toEqual(['Hollywood, FL', 'Boca Raton, FL']);
  });

  it('look nearer first: a company listed by name far away does not hide a nearer one found in a wider ring', async () => {
    await listed({ city: 'Denver', state: 'CO', latitude: null, longitude: null });
    await listed({ city: 'Chicago', state: 'IL', latitude: 41.8781, longitude: -87.6298 });
    expect((await nearbyServedCities(companies, ROCKFORD, 1)).map((c) => c.label)).toEqual(['Chicago, IL']);
  });

  it('name each town of companies at coordinates alone, trim a listed name, and skip what cannot be placed or reached', async () => {
    await listed({ city: null, state: null, ...JANESVILLE });
    await listed({ city: null, state: null, ...DEKALB });
    await listed({ city: ' hidden hollow ', state: 'il', latitude: 41.9, longitude: -88.9 });
    // Half coordinates, a listed name the gazetteer does not know without coordinates, nobody to mail.
    await listed({ city: null, state: null, latitude: 42.0, longitude: null });
    await listed({ city: 'Lost Creek', state: 'IL', latitude: null, longitude: null });
    await listed({ city: 'Freeport', state: 'IL', latitude: null, longitude: null, email: null, businessEmail: null });
    const found = await nearbyServedCities(companies, ROCKFORD, 5);
    expect(found.map((c) => c.label)).toEqual(['hidden hollow, IL', 'Janesville, WI', 'DeKalb, IL']);
  });

  it('are none when no company is listed', async () => {
    expect(await nearbyServedCities(companies, ROCKFORD, 5)).toEqual([]);
  });
});
