import type { EventRow, StoredEvent } from './analytics-store.port.js';

/** The events table's columns in the order an {@link EventRow} gives their values (the event's fields, then its batch). */
export const EVENT_COLUMNS: [string, ...string[]] = [
  'eventId',
  'receivedAt',
  'clientTime',
  'actionType',
  'companyId',
  'companyIds',
  'sessionId',
  'visitorId',
  'searchQuery',
  'searchFilters',
  'currentPage',
  'landingPage',
  'referrer',
  'userAgent',
  'deviceType',
  'country',
  'state',
  'city',
  'timeSpent',
  'newVisitor',
  'newProfileView',
  'ingestSource',
  'ingestOffset',
  'ingestBatch',
];

/** ISO time as ClickHouse's DateTime64 text ('2026-01-02 03:04:05.678'). */
export function clickhouseTime(iso: string): string {
  return iso.replace('T', ' ').replace('Z', '');
}

/** ClickHouse's text of a DateTime64 in UTC ('2026-01-02 03:04:05.678') as ISO time: the inverse of {@link clickhouseTime}. */
export const isoTime = (text: string): string => `${text.replace(' ', 'T')}Z`;

/** The event's row (one array literal: no copy of the object, no per-column lookup). */
export function encodeEventRow(e: StoredEvent): EventRow {
  return JSON.stringify([
    e.eventId,
    clickhouseTime(e.receivedAt),
    e.clientTime === null ? null : clickhouseTime(e.clientTime),
    e.actionType,
    e.companyId,
    e.companyIds,
    e.sessionId,
    e.visitorId,
    e.searchQuery,
    e.searchFilters,
    e.currentPage,
    e.landingPage,
    e.referrer,
    e.userAgent,
    e.deviceType,
    e.country,
    e.state,
    e.city,
    e.timeSpent,
    e.newVisitor,
    e.newProfileView,
    e.ingestSource,
    e.ingestOffset,
  ]) as EventRow;
}

/** The row's full text under `batchId` (its last column), as the insert sends it. */
export function rowUnderBatch(row: EventRow, batchId: string): string {
  return `${row.slice(0, -1)},${JSON.stringify(batchId)}]`;
}

const num = (v: unknown): number => Number(v ?? 0);

/**
 * A row back as its event, or undefined for a line that is not one (a line cut short by a crash).
 * Also takes an event as an object: the write-ahead log's lines before rows (files a crash left
 * under an earlier version).
 */
export function decodeEventRow(line: string): StoredEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length !== EVENT_COLUMNS.length - 1 || typeof value[0] !== 'string') return undefined;
    const cells = value as unknown[];
    const text = (i: number) => String(cells[i] ?? '');
    return {
      eventId: text(0),
      receivedAt: isoTime(text(1)),
      clientTime: cells[2] === null ? null : isoTime(text(2)),
      actionType: text(3),
      companyId: text(4),
      companyIds: Array.isArray(cells[5]) ? cells[5].map(String) : [],
      sessionId: text(6),
      visitorId: text(7),
      searchQuery: text(8),
      searchFilters: text(9),
      currentPage: text(10),
      landingPage: text(11),
      referrer: text(12),
      userAgent: text(13),
      deviceType: text(14),
      country: text(15),
      state: text(16),
      city: text(17),
      timeSpent: cells[18] === null ? null : num(cells[18]),
      newVisitor: num(cells[19]),
      newProfileView: num(cells[20]),
      ingestSource: text(21),
      ingestOffset: num(cells[22]),
    };
  }
  const event = value as StoredEvent | null;
  return event && typeof event === 'object' && typeof event.eventId === 'string' ? event : undefined;
}

/** The event of a row (rows are encoded events: one that is not is a bug, thrown). */
export function eventOfRow(row: EventRow): StoredEvent {
  const event = decodeEventRow(row);
  if (!event) throw new Error(`not an event row: ${row.slice(0, 80)}`);
  return event;
}

/** {@link decodeEventRow} of a log line as a row: a legacy object line encoded, a line that is neither skipped. */
export function eventRowOfLine(line: string): EventRow | undefined {
  if (line.startsWith('[')) return decodeEventRow(line) ? (line as EventRow) : undefined;
  const event = line ? decodeEventRow(line) : undefined;
  return event && encodeEventRow(event);
}
