import { describe, expect, it } from 'vitest';
import { formatTripDate } from '../src/trip-dates.js';

describe('formatTripDate', () => {
  it('reads a trip date as people do, the same day wherever the reader is', () => {
    expect(formatTripDate('2026-06-13')).toBe('Saturday, June 13, 2026');
    expect(formatTripDate('2026-12-20', 'short')).toBe('Sun, Dec 20, 2026');
    expect(formatTripDate('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('leaves anything that is not a calendar date as it is', () => {
    expect(formatTripDate('2025-02-30')).toBe('2025-02-30');
    expect(formatTripDate('soon')).toBe('soon');
  });
});
