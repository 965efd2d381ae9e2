import { expect, it } from 'vitest';
import type { Filter } from '../../../src/ports/document-store.port.js';
import { ids, type DocumentStoreContract } from './context.js';

/** Each filter and the ids it must match among COMPANIES, with MongoDB's meaning. */
const FILTER_CASES: Array<[string, Filter, string[]]> = [
  ['empty filter', {}, ['a', 'b', 'c', 'd']],
  ['plain equality', { city: 'Austin' }, ['a', 'c']],
  ['$eq', { city: { $eq: 'Austin' } }, ['a', 'c']],
  ['$ne', { city: { $ne: 'Austin' } }, ['b', 'd']],
  ['$in', { city: { $in: ['Boston', 'Denver'] } }, ['b', 'd']],
  ['$nin', { city: { $nin: ['Boston', 'Denver'] } }, ['a', 'c']],
  ['$gt', { rating: { $gt: 3.9 } }, ['a', 'c']],
  ['$gte', { rating: { $gte: 3.9 } }, ['a', 'b', 'c', 'd']],
  ['$lt', { rating: { $lt: 4.5 } }, ['b', 'd']],
  ['$lte', { rating: { $lte: 4.5 } }, ['a', 'b', 'd']],
  ['a range ($gt and $lte on one field)', { fleet: { $gt: 5, $lte: 10 } }, ['a', 'd']],
  ['$gte on a date', { since: { $gte: new Date('2016-01-01T00:00:00Z') } }, ['c', 'd']],
  ['boolean equality', { verified: false }, ['b', 'd']],
  ['$regex', { name: { $regex: '^city' } }, ['c']],
  ['$regex is case-sensitive without options', { name: { $regex: '^CITY' } }, []],
  ['$regex with the i option', { name: { $regex: '^CITY', $options: 'i' } }, ['c']],
  ['$regex anywhere in the string', { name: { $regex: 'limo', $options: 'i' } }, ['a']],
  ['$exists: true', { phone: { $exists: true } }, ['c']],
  ['$exists: false', { phone: { $exists: false } }, ['a', 'b', 'd']],
  ['$exists: true on a null field', { note: { $exists: true } }, ['b']],
  ['null equality matches null and missing fields', { note: null }, ['a', 'b', 'c', 'd']],
  ['$exists: true on an empty array', { tags: { $exists: true } }, ['a', 'b', 'c', 'd']],
  ['equality on an array field matches an element', { tags: 'suv' }, ['a', 'c']],
  ['$in on an array field', { tags: { $in: ['bus'] } }, ['c']],
  ['$ne on an array field: no element equals', { tags: { $ne: 'sedan' } }, ['c', 'd']],
  ['$nin on an array field: no element in the list', { tags: { $nin: ['sedan', 'bus'] } }, ['d']],
  ['dotted path', { 'address.state': 'TX' }, ['a', 'c']],
  ['$regex on a dotted path', { 'address.zip': { $regex: '^7' } }, ['a', 'c']],
  ['several fields (implicit and)', { 'address.state': { $in: ['MA', 'CO'] }, rating: 3.9 }, ['b', 'd']],
  ['$and', { $and: [{ city: 'Austin' }, { rating: { $gt: 4.6 } }] }, ['c']],
  ['$or', { $or: [{ city: 'Boston' }, { fleet: { $gte: 20 } }] }, ['b', 'c']],
  ['$or next to a field', { verified: true, $or: [{ city: 'Boston' }, { fleet: { $gte: 20 } }] }, ['c']],
  ['$or inside $and', { $and: [{ $or: [{ city: 'Austin' }, { city: 'Denver' }] }, { tags: { $ne: 'bus' } }] }, ['a', 'd']],
];

/** MongoDB's meaning of the port's filter subset, sorting and paging. */
export function querying(t: DocumentStoreContract): void {
  const { seeded } = t;

  it.each(FILTER_CASES)('filters: %s', async (_label, filter, expected) => {
    const companies = await seeded();
    expect(ids(await companies.find(filter, { sort: { _id: 1 } }))).toEqual(expected);
    expect(await companies.count(filter)).toBe(expected.length);
    const first = await companies.findOne(filter);
    expect(first === null ? [] : [first._id]).toEqual(expected.slice(0, 1).map(() => expect.toBeOneOf(expected)));
  });

  it('sorts on several keys, ascending and descending', async () => {
    const companies = await seeded();
    expect(ids(await companies.find({}, { sort: { rating: -1, name: 1 } }))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(await companies.find({}, { sort: { rating: 1, name: -1 } }))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(await companies.find({}, { sort: { 'address.zip': 1 } }))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(await companies.find({}, { sort: { since: -1 } }))).toEqual(['c', 'd', 'b', 'a']);
  });

  it('pages with skip and limit after sorting, and counts matches', async () => {
    const companies = await seeded();
    expect(ids(await companies.find({}, { sort: { fleet: 1 }, skip: 1, limit: 2 }))).toEqual(['d', 'a']);
    expect(ids(await companies.find({}, { sort: { fleet: 1 }, skip: 3, limit: 2 }))).toEqual(['c']);
    expect(ids(await companies.find({ city: 'Austin' }, { sort: { fleet: -1 }, limit: 1 }))).toEqual(['c']);
    expect(await companies.count({})).toBe(4);
    expect(await companies.count({ city: 'Nowhere' })).toBe(0);
  });
}
