import { describe, expect, it, vi } from 'vitest';
import { RankedLists, rankedKeys } from '../../src/search/embedded/ranked-lists.js';

describe('RankedLists', () => {
  const list = (length: number) => new Uint32Array(length);

  it('ranks a place once and hands the same list to its next searches, until the snapshot changes', () => {
    const lists = new RankedLists();
    const snapshot = {};
    const rank = vi.fn(() => list(3));
    const first = lists.get(snapshot, 'best|miami', rank, 0);
    expect(lists.get(snapshot, 'best|miami', rank, 1_000)).toBe(first);
    expect(rank).toHaveBeenCalledTimes(1);
    expect(lists.get({}, 'best|miami', rank, 2_000)).not.toBe(first);
    expect(rank).toHaveBeenCalledTimes(2);
  });

  it('adds no list once full, so the search ranks its own matches, until lists unused for a minute go', () => {
    const lists = new RankedLists();
    const snapshot = {};
    for (let i = 0; i < 4; i++) lists.get(snapshot, `place ${i}`, () => list(1_000_000), i * 10_000);
    const rank = vi.fn(() => list(10));
    expect(lists.get(snapshot, 'one more', rank, 40_000)).toBeNull();
    expect(rank).not.toHaveBeenCalled();
    // Place 0, searched again at 50 s, stays past its first minute.
    expect(lists.get(snapshot, 'place 0', () => list(0), 50_000)).toHaveLength(1_000_000);
    expect(lists.get(snapshot, 'one more', rank, 60_000)).toBeNull();
    // Place 1 was last searched at 10 s: at 70 s it goes, and the new place gets its list.
    expect(lists.get(snapshot, 'one more', rank, 70_000)).toHaveLength(10);
    expect(lists.get(snapshot, 'place 0', () => list(0), 70_000)).toHaveLength(1_000_000);
    expect(lists.get(snapshot, 'place 1', () => list(5), 70_000)).toHaveLength(5);
  });

  it('keys a place by what selects its matches, and its list by that and the order, not by filters or page', () => {
    const near = { latitude: 25.77, longitude: -80.19 };
    const miami = { near, radiusMiles: 25, servedPlace: 'miami-fl', sort: 'best-match', page: 1, limit: 15 } as const;
    const keys = rankedKeys(miami);
    expect(rankedKeys({ ...miami, page: 3, minRating: 4, priceRange: '$$' })).toEqual(keys);
    // Another sort: the same place (the same matches), another order.
    const byRating = rankedKeys({ ...miami, sort: 'rating' });
    expect(byRating.place).toBe(keys.place);
    expect(byRating.ranked).not.toBe(keys.ranked);
    expect(rankedKeys({ ...miami, radiusMiles: 50 }).place).not.toBe(keys.place);
    expect(rankedKeys({ ...miami, text: 'party bus' }).place).not.toBe(keys.place);
    // Without a centre, a distance sort is the best-match order (the port's rule).
    const florida = { state: 'FL', page: 1, limit: 15 };
    expect(rankedKeys({ ...florida, sort: 'distance' })).toEqual(rankedKeys({ ...florida, sort: 'best-match' }));
  });
});
