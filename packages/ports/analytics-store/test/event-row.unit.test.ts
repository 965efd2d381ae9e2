import { describe, expect, it } from 'vitest';
import { decodeEventRow, encodeEventRow, eventRowOfLine, rowUnderBatch } from '../src/event-row.js';
import { storedEvent } from './fixtures.js';

// An event is serialised once, as the row the insert sends; the write-ahead log keeps that text.
describe('an event as its row', () => {
  it('comes back as the same event, nulls, lists and any text included', () => {
    for (const event of [
      storedEvent(),
      storedEvent({ clientTime: null, timeSpent: null, companyIds: ['a', 'b'], searchQuery: 'Zoë "limo" \\ naïve 🚗' }),
    ]) {
      expect(decodeEventRow(encodeEventRow(event))).toEqual(event);
    }
  });

  it('is the insert row but for its batch id, added last', () => {
    const row = encodeEventRow(storedEvent({ eventId: 'e1' }));
    const full = JSON.parse(rowUnderBatch(row, 'direct:b"1')) as unknown[];
    expect(full.at(-1)).toBe('direct:b"1');
    expect(full.slice(0, -1)).toEqual(JSON.parse(row));
  });

  it('reads a log line of an earlier version (the event as an object) as its row, and skips what is neither', () => {
    const event = storedEvent();
    expect(eventRowOfLine(JSON.stringify(event))).toBe(encodeEventRow(event));
    expect(eventRowOfLine(encodeEventRow(event))).toBe(encodeEventRow(event));
    for (const line of ['', '["cut', '{"eventId":"x', '[1,2]', 'null', '{}']) expect(eventRowOfLine(line)).toBeUndefined();
  });
});
