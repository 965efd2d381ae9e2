import { describe, expect, it } from 'vitest';
import { businessHoursSchema, isOpenAt, timeZoneOfState, type BusinessHours } from '../src/index.js';

const weekdays = (open: string, close: string): BusinessHours =>
  businessHoursSchema.parse({
    mon: { open, close },
    tue: { open, close },
    wed: { open, close },
    thu: { open, close },
    fri: { open, close },
  });

describe('isOpenAt: "Open now" in the company’s time zone (issue 21)', () => {
  // Wednesday 2026-03-04, 16:30 UTC: 11:30 in Miami (EST), 08:30 in Los Angeles (PST).
  const wednesday = new Date('2026-03-04T16:30:00Z');

  it('reads the hours in the state’s main time zone', () => {
    const nineToFive = weekdays('09:00', '17:00');
    expect(isOpenAt(nineToFive, 'FL', wednesday)).toBe(true);
    expect(isOpenAt(nineToFive, 'CA', wednesday)).toBe(false);
    expect(timeZoneOfState('tx')).toBe('America/Chicago');
    expect(timeZoneOfState(null)).toBe('America/New_York');
  });

  it('is closed on a day without hours, and null when no hours are set', () => {
    const saturday = new Date('2026-03-07T16:30:00Z');
    expect(isOpenAt(weekdays('09:00', '17:00'), 'FL', saturday)).toBe(false);
    expect(isOpenAt(null, 'FL', saturday)).toBeNull();
  });

  it('runs hours past midnight into the next day (18:00-02:00), and 00:00-24:00 is all day', () => {
    const evenings = businessHoursSchema.parse({ fri: { open: '18:00', close: '02:00' } });
    // Friday 23:00 and Saturday 01:30 in New York (EST = UTC-5) are open; Saturday 02:00 is not.
    expect(isOpenAt(evenings, 'NY', new Date('2026-03-07T04:00:00Z'))).toBe(true);
    expect(isOpenAt(evenings, 'NY', new Date('2026-03-07T06:30:00Z'))).toBe(true);
    expect(isOpenAt(evenings, 'NY', new Date('2026-03-07T07:00:00Z'))).toBe(false);
    expect(isOpenAt(evenings, 'NY', new Date('2026-03-06T22:00:00Z'))).toBe(false);
    expect(isOpenAt(weekdays('00:00', '24:00'), 'NY', new Date('2026-03-05T04:59:00Z'))).toBe(true);
  });
});

describe('businessHoursSchema', () => {
  it('refuses times that are not HH:mm and a closing time equal to the opening time', () => {
    for (const day of [
      { open: '9:00', close: '17:00' },
      { open: '09:00', close: '25:00' },
      { open: '24:00', close: '10:00' },
      { open: '10:00', close: '10:00' },
    ]) {
      expect(businessHoursSchema.safeParse({ mon: day }).success, JSON.stringify(day)).toBe(false);
    }
    expect(businessHoursSchema.parse({ sun: null })).toMatchObject({ mon: null, sun: null });
  });
});
