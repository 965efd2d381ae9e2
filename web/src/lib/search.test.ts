import { describe, expect, it } from 'vitest';
import { FIRST_SEARCH_QUERY } from '@limo/contracts';
import { companiesQuery, DEFAULT_FILTERS, pageItems, readSearchParams, writeSearchParams } from './search';

describe('search helpers', () => {
  it('sends "Licensed & insured" as badges=licensed,insured and keeps it in the page URL (issue 21)', () => {
    const filters = { ...DEFAULT_FILTERS, location: 'Miami, FL', licensedInsured: true };
    expect(companiesQuery(filters, 1, 'best-match', null).get('badges')).toBe('licensed,insured');
    expect(companiesQuery(DEFAULT_FILTERS, 1, 'best-match', null).has('badges')).toBe(false);
    const url = writeSearchParams(filters, 1, 'best-match');
    expect(url.get('badges')).toBe('licensed,insured');
    expect(readSearchParams(url).filters).toEqual(filters);
  });

  it('lists the first, the last and pages within 2 of the current one, with ellipses at distance 3', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 'ellipsis-after', 7]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(6, 12)).toEqual([1, 'ellipsis-before', 4, 5, 6, 7, 8, 'ellipsis-after', 12]);
    expect(pageItems(12, 12)).toEqual([1, 'ellipsis-before', 10, 11, 12]);
  });

  it('leaves "all", "any" and empty filters out of the query and sends the detected city only without a typed location', () => {
    const detected = { city: 'Tampa', state: 'FL' };
    const q = companiesQuery(DEFAULT_FILTERS, 1, 'best-match', detected);
    expect(Object.fromEntries(q)).toEqual({ distance: '25', userLocation: '{"city":"Tampa","state":"FL"}', page: '1', limit: '15' });
    const typed = companiesQuery(
      {
        ...DEFAULT_FILTERS,
        location: 'Miami, FL',
        serviceType: 'Wedding',
        vehicleTypes: ['Party Bus', 'Town Car'],
        priceRange: '$$',
        minRating: '4',
      },
      3,
      'rating',
      detected,
    );
    expect(Object.fromEntries(typed)).toEqual({
      location: 'Miami, FL',
      serviceType: 'Wedding',
      distance: '25',
      vehicleTypes: 'Party Bus,Town Car',
      priceRange: '$$',
      minRating: '4',
      sort: 'rating',
      page: '3',
      limit: '15',
    });
  });

  it('round-trips the applied search through the URL', () => {
    const filters = { ...DEFAULT_FILTERS, location: 'Austin, TX', distance: '50', vehicleTypes: ['SUV Limo'] };
    expect(readSearchParams(writeSearchParams(filters, 2, 'location'))).toEqual({ filters, page: 2, sort: 'location' });
    expect(readSearchParams(new URLSearchParams())).toEqual({ filters: DEFAULT_FILTERS, page: 1, sort: 'best-match' });
  });
});

describe('the first search the gateway preloads', () => {
  it('is the query the home page sends first', () => {
    expect(companiesQuery(DEFAULT_FILTERS, 1, 'best-match', null).toString()).toBe(FIRST_SEARCH_QUERY);
  });
});
