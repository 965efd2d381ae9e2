// Trip dates, without zod: the company and city pages' schemas (a company's credentials) read
// "today" the way a quote request does, and would otherwise bring every quote schema along.

/**
 * The time zone whose date decides "today" for a trip date. A visitor anywhere in the 50 states must
 * be able to pick their own today, so the server uses the US state time zone that is furthest behind:
 * Hawaii (UTC-10, no daylight saving). A date before today in Honolulu is in the past everywhere in
 * the states; a stricter zone (e.g. New York) would refuse a Californian's "today" every evening.
 */
export const TRIP_DATE_TIME_ZONE = 'Pacific/Honolulu';

/** How far ahead a trip may be booked. */
export const MAX_TRIP_YEARS_AHEAD = 2;

const honoluluDate = new Intl.DateTimeFormat('en-CA', { timeZone: TRIP_DATE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The earliest acceptable trip date (yyyy-MM-dd): today in {@link TRIP_DATE_TIME_ZONE}. */
export function earliestTripDate(now: Date = new Date()): string {
  return honoluluDate.format(now);
}

/** The latest acceptable trip date (yyyy-MM-dd): {@link MAX_TRIP_YEARS_AHEAD} years after the earliest. */
export function latestTripDate(now: Date = new Date()): string {
  const earliest = earliestTripDate(now);
  return `${Number(earliest.slice(0, 4)) + MAX_TRIP_YEARS_AHEAD}${earliest.slice(4)}`;
}

/** Whether `value` is a real calendar date written yyyy-MM-dd (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const tripDateFormats = {
  long: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
  short: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }),
};

/**
 * A trip date for people: "Saturday, June 13, 2026" (`long`) or "Sat, Jun 13, 2026" (`short`) for
 * "2026-06-13". A calendar date, so no time zone shifts it; anything else is returned as it is.
 */
export function formatTripDate(value: string, style: keyof typeof tripDateFormats = 'long'): string {
  return isCalendarDate(value) ? tripDateFormats[style].format(new Date(`${value}T00:00:00Z`)) : value;
}
