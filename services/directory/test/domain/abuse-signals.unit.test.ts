import { describe, expect, it } from 'vitest';
import { abuseSignalsOf, cityKey } from '../../src/domain/abuse-signals.js';

// The signals the admin review queue shows beside a review (GET /api/admin/all-reviews).
const LONG = 'A smooth ride to the airport, driver on time.';
const review = (id: string, fields: Partial<Parameters<typeof abuseSignalsOf>[0][number]> = {}) => ({
  _id: id,
  companyId: 'c1',
  comment: LONG,
  createdAt: '2026-01-01T10:00:00.000Z',
  ipHash: null,
  deviceHash: null,
  ...fields,
});
const miami = (companyId: string) => (companyId === 'other-city' ? 'tampa|FL' : 'miami|FL');
const signalsOf = (target: ReturnType<typeof review>, related: ReturnType<typeof review>[]) =>
  abuseSignalsOf([target], [target, ...related], miami).get(target._id);

describe('abuse signals of a review', () => {
  it('shows none for a lone, written-out review', () => {
    expect(signalsOf(review('r1'), [])).toEqual([]);
  });

  it('flags a second review of the same company from the same address or device, not a missing one', () => {
    const target = review('r1', { ipHash: 'ip-a', deviceHash: 'dev-a' });
    const later = { createdAt: '2026-03-01T10:00:00.000Z' };
    expect(signalsOf(target, [review('r2', { ipHash: 'ip-a', ...later })])).toEqual(['same-address']);
    expect(signalsOf(target, [review('r2', { deviceHash: 'dev-a', ...later })])).toEqual(['same-device']);
    expect(signalsOf(review('r1'), [review('r2', later)])).toEqual([]);
  });

  it('flags a burst: three reviews of one company within an hour of each other, not two, not spread out', () => {
    const at = (minutes: number) => new Date(Date.parse('2026-01-01T10:00:00.000Z') + minutes * 60_000).toISOString();
    expect(signalsOf(review('r1'), [review('r2', { createdAt: at(-60) }), review('r3', { createdAt: at(60) })])).toEqual(['burst']);
    expect(signalsOf(review('r1'), [review('r2', { createdAt: at(30) })])).toEqual([]);
    expect(signalsOf(review('r1'), [review('r2', { createdAt: at(61) }), review('r3', { createdAt: at(-61) })])).toEqual([]);
    expect(signalsOf(review('r1'), [review('r2', { companyId: 'c2' }), review('r3', { companyId: 'c2' })])).toEqual([]);
  });

  it('flags a comment under 20 characters once trimmed, or none', () => {
    expect(signalsOf(review('r1', { comment: '   Great ride!      ' }), [])).toEqual(['short-text']);
    expect(signalsOf(review('r1', { comment: null }), [])).toEqual(['short-text']);
    expect(signalsOf(review('r1', { comment: '12345678901234567890' }), [])).toEqual([]);
  });

  it('flags a reviewer whose address or device also reviewed a competitor in the same city', () => {
    const target = review('r1', { ipHash: 'ip-a', deviceHash: 'dev-a' });
    expect(signalsOf(target, [review('r2', { companyId: 'c2', ipHash: 'ip-a' })])).toEqual(['competitor-reviewer']);
    expect(signalsOf(target, [review('r2', { companyId: 'c2', deviceHash: 'dev-a' })])).toEqual(['competitor-reviewer']);
    expect(signalsOf(target, [review('r2', { companyId: 'other-city', ipHash: 'ip-a' })])).toEqual([]);
    expect(signalsOf(target, [review('r2', { companyId: 'c2', ipHash: 'ip-b', deviceHash: 'dev-b' })])).toEqual([]);
    const unknownCity = abuseSignalsOf([target], [review('r2', { companyId: 'c2', ipHash: 'ip-a' })], () => null);
    expect(unknownCity.get('r1')).toEqual([]);
  });

  it('answers each target by its id', () => {
    const out = abuseSignalsOf([review('r1'), review('r2', { comment: 'ok' })], [], miami);
    expect(Object.fromEntries(out)).toEqual({ r1: [], r2: ['short-text'] });
  });
});

describe('the city two companies share', () => {
  it('ignores case and spaces, and needs a city', () => {
    expect(cityKey({ city: ' Miami ', state: ' fl' })).toBe('miami|FL');
    expect(cityKey({ city: 'Miami', state: null })).toBe('miami|');
    expect(cityKey({ city: null, state: 'FL' })).toBeNull();
    expect(cityKey({ city: '', state: 'FL' })).toBeNull();
  });
});
