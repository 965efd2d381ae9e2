import { describe, expect, it } from 'vitest';
import { formatMinutes } from './data';

describe('formatMinutes (the owner’s median response time)', () => {
  it.each([
    [0, 'under 1 min'],
    [1, '1 min'],
    [45, '45 min'],
    [120, '2 h'],
    [135, '2 h 15 min'],
    [47 * 60 + 59, '47 h 59 min'],
    [3 * 24 * 60, '3 days'],
  ])('%i minutes read "%s"', (minutes, label) => {
    expect(formatMinutes(minutes)).toBe(label);
  });
});
