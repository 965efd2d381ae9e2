import { describe, expect, it } from 'vitest';
import { changeValue } from './ChangeRequestsTab';

describe('a change request’s values as the admin reads them', () => {
  it('spells out business hours, the service area and the fleet (issue 21), not "[object Object]"', () => {
    expect(changeValue({ mon: { open: '09:00', close: '17:00' }, tue: null })).toBe('mon 09:00-17:00, tue closed');
    expect(changeValue({ radiusMiles: 40 })).toBe('Within 40 miles');
    expect(changeValue({ cities: [{ city: 'Miami', state: 'FL' }] })).toBe('Miami, FL');
    expect(changeValue([{ type: 'Party Bus', capacity: 30, photoUrl: null, hourlyRate: 250 }])).toBe(
      'Party Bus (30 passengers, $250/hour)',
    );
    expect(changeValue(['Wedding', 'Prom'])).toBe('Wedding, Prom');
    expect(changeValue(null)).toBe('(empty)');
  });
});
