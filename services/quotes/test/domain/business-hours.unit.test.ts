import { describe, expect, it } from 'vitest';
import { businessHoursBetween, zoneOfState } from '../../src/domain/business-hours.js';

// The business hours a company's response time is counted in: Monday to Friday, 9:00 to 17:00 local time.
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe("a company's time zone", () => {
  it('is the one its state keeps, in any case, Eastern when unknown', () => {
    expect(zoneOfState('TX')).toBe('America/Chicago');
    expect(zoneOfState('ca')).toBe('America/Los_Angeles');
    expect(zoneOfState('AZ')).toBe('America/Phoenix');
    expect(zoneOfState('ZZ')).toBe(NY);
    expect(zoneOfState(null)).toBe(NY);
    expect(zoneOfState(undefined)).toBe(NY);
  });
});

describe('business hours between two instants', () => {
  // Monday 5 January 2026; New York is UTC-5 then.
  it('counts the open hours of a weekday, to the minute', () => {
    expect(businessHoursBetween(at('2026-01-05T13:00:00Z'), at('2026-01-05T23:00:00Z'), NY)).toBe(8);
    expect(businessHoursBetween(at('2026-01-05T14:30:00Z'), at('2026-01-05T15:15:00Z'), NY)).toBe(0.75);
    expect(businessHoursBetween(at('2026-01-05T21:30:00Z'), at('2026-01-05T22:30:00Z'), NY)).toBe(0.5);
  });

  it('skips nights and weekends', () => {
    // Friday 16:00 to Monday 10:00, New York: one hour on Friday, one on Monday.
    expect(businessHoursBetween(at('2026-01-09T21:00:00Z'), at('2026-01-12T15:00:00Z'), NY)).toBe(2);
    expect(businessHoursBetween(at('2026-01-10T14:00:00Z'), at('2026-01-11T22:00:00Z'), NY)).toBe(0);
  });

  it("reads the hours in the company's zone", () => {
    // 14:00-15:00 UTC is 9:00 in New York but 6:00 in Los Angeles.
    expect(businessHoursBetween(at('2026-01-05T14:00:00Z'), at('2026-01-05T15:00:00Z'), NY)).toBe(1);
    expect(businessHoursBetween(at('2026-01-05T14:00:00Z'), at('2026-01-05T15:00:00Z'), 'America/Los_Angeles')).toBe(0);
  });

  it('is 0 when the reply is not after the lead, and stops counting after 62 days', () => {
    expect(businessHoursBetween(at('2026-01-05T16:00:00Z'), at('2026-01-05T15:00:00Z'), NY)).toBe(0);
    expect(businessHoursBetween(at('2026-01-05T16:00:00Z'), at('2026-01-05T16:00:00Z'), NY)).toBe(0);
    const capped = businessHoursBetween(at('2026-01-05T05:00:00Z'), at('2026-06-01T05:00:00Z'), NY);
    const sixtyTwoDays = businessHoursBetween(at('2026-01-05T05:00:00Z'), at('2026-03-08T05:00:00Z'), NY);
    expect(capped).toBe(sixtyTwoDays);
    expect(capped).toBe(45 * 8); // 8 weeks and 6 days: 45 weekdays
  });
});
