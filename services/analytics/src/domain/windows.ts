import type { DayWindow } from '../store/analytics-store.port.js';

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
