/**
 * Business hours (issue 21): per weekday an opening and a closing time (`HH:mm`, 24-hour clock) or
 * closed. A closing time before the opening time runs past midnight (18:00-02:00 closes at 2 a.m.
 * the next day); `24:00` closes at midnight (00:00-24:00 is open all day). Times are the company's
 * local time, in the main time zone of its state (below): shared by the server and the web app, so
 * "Open now" is computed the same way everywhere.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** One day's hours, or null when closed all day. */
export type DayHours = { open: string; close: string } | null;
export type BusinessHours = Record<Weekday, DayHours>;

/** `HH:mm` from 00:00 to 23:59 (and 24:00 as a closing time). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of `HH:mm` (24:00 is 1440). */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The main (most populous) IANA time zone of each state. States split between zones take the zone
 * most of their people live in (Florida: Eastern, Texas: Central, Indiana: Eastern, Arizona without
 * daylight saving): a company's hours are read in it.
 */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The time zone a company's hours are read in: its state's main zone, Eastern when the state is unknown. */
export const timeZoneOfState = (state: string | null | undefined): string =>
  STATE_TIME_ZONES[(state ?? '').toUpperCase()] ?? 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minutes since midnight of `at` in `timeZone`. */
export function localWeekdayAndMinutes(at: Date, timeZone: string): { day: Weekday; minutes: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const day = String(parts.weekday).slice(0, 3).toLowerCase() as Weekday;
  return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * Whether the company is open at `at`, its hours read in its state's time zone: within today's
 * hours, or within the part after midnight of yesterday's overnight hours. Null when no hours are set.
 */
export function isOpenAt(hours: BusinessHours | null, state: string | null | undefined, at: Date): boolean | null {
  if (!hours) return null;
  const { day, minutes } = localWeekdayAndMinutes(at, timeZoneOfState(state));
  const today = hours[day];
  if (today) {
    const open = minutesOf(today.open);
    const close = minutesOf(today.close);
    if (close > open ? minutes >= open && minutes < close : minutes >= open) return true;
  }
  const yesterday = hours[WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]];
  if (yesterday && minutesOf(yesterday.close) < minutesOf(yesterday.open) && minutes < minutesOf(yesterday.close)) return true;
  return false;
}
