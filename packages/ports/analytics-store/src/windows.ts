/** A dashboard window in whole UTC days (yyyy-MM-dd, both ends included) and the same length before it. */
export interface DayWindow {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** yyyy-MM-dd of `date` in UTC. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** `day` (yyyy-MM-dd) moved by `delta` days. */
export const addDays = (day: string, delta: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS));

/**
 * The last `days` whole UTC days up to and including today, and the `days` days before them (for the
 * "previous period" figures).
 */
export function dayWindow(days: number, now: Date = new Date()): DayWindow {
  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** Every day from `from` to `to` (included), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * A day window split for the rollups: its whole calendar months (`months`, as first days of month,
 * read from the monthly tables) and the days before and after them (`head`, `tail`, read from the
 * daily tables). Both ends included; an empty range has `from` after `to`.
 */
export interface MonthSplit {
  months: { from: string; to: string };
  head: { from: string; to: string };
  tail: { from: string; to: string };
}

const monthStart = (day: string): string => `${day.slice(0, 8)}01`;
const nextMonthStart = (day: string): string => {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};
/** A range that holds no day. */
const NONE = { from: '1970-01-02', to: '1970-01-01' };

/** Splits `from`..`to` (yyyy-MM-dd, both included) into whole months and the days around them. */
export function splitByMonth(from: string, to: string): MonthSplit {
  const firstWhole = from.endsWith('-01') ? from : nextMonthStart(from);
  // The first day after the last whole month: `to`'s month start, or the next one when `to` ends its month.
  const afterLastWhole = nextMonthStart(to) === addDays(to, 1) ? addDays(to, 1) : monthStart(to);
  if (firstWhole >= afterLastWhole) return { months: NONE, head: { from, to }, tail: NONE };
  return {
    months: { from: firstWhole, to: monthStart(addDays(afterLastWhole, -1)) },
    head: firstWhole > from ? { from, to: addDays(firstWhole, -1) } : NONE,
    tail: afterLastWhole <= to ? { from: afterLastWhole, to } : NONE,
  };
}
