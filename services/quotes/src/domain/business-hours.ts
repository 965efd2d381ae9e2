/**
 * Business hours, for a company's response time (issue 21): Monday to Friday, 9:00 to 17:00 in the
 * company's local time zone, taken from its state (the zone most of the state keeps; Eastern when the
 * state is unknown). Public holidays are not excluded.
 */
const BUSINESS_DAY = { openHour: 9, closeHour: 17 } as const;

const DEFAULT_ZONE = 'America/New_York';

const ZONES: Record<string, readonly string[]> = {
  'America/New_York': [
    'CT',
    'DC',
    'DE',
    'FL',
    'GA',
    'IN',
    'KY',
    'MA',
    'MD',
    'ME',
    'MI',
    'NC',
    'NH',
    'NJ',
    'NY',
    'OH',
    'PA',
    'RI',
    'SC',
    'VA',
    'VT',
    'WV',
  ],
  'America/Chicago': ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI'],
  'America/Denver': ['CO', 'ID', 'MT', 'NM', 'UT', 'WY'],
  'America/Phoenix': ['AZ'],
  'America/Los_Angeles': ['CA', 'NV', 'OR', 'WA'],
  'America/Anchorage': ['AK'],
  'Pacific/Honolulu': ['HI'],
  'America/Puerto_Rico': ['PR', 'VI'],
};
const ZONE_OF_STATE = new Map(Object.entries(ZONES).flatMap(([zone, states]) => states.map((s) => [s, zone] as const)));

/** The IANA zone a company in `state` (two-letter code) keeps business hours in. */
export const zoneOfState = (state: string | null | undefined): string => ZONE_OF_STATE.get((state ?? '').toUpperCase()) ?? DEFAULT_ZONE;

const HOUR_MS = 3_600_000;
/** The longest span measured: a reply later than this counts as this long (keeps the walk bounded). */
const MAX_SPAN_MS = 62 * 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the local hour starting at or containing `ms` is a business hour in `zone`. */
function isBusinessHour(ms: number, zone: string): boolean {
  let weekday = '';
  let hour = -1;
  for (const part of formatterOf(zone).formatToParts(ms)) {
    if (part.type === 'weekday') weekday = part.value;
    else if (part.type === 'hour') hour = Number(part.value);
  }
  return weekday !== 'Sat' && weekday !== 'Sun' && hour >= BUSINESS_DAY.openHour && hour < BUSINESS_DAY.closeHour;
}

/**
 * Business hours between two instants in `zone` (0 when `to` is not after `from`). US zones are whole
 * hours off UTC, so each UTC hour is one local hour: the walk goes a UTC hour at a time.
 */
export function businessHoursBetween(from: Date, to: Date, zone: string): number {
  const start = from.getTime();
  const end = Math.min(to.getTime(), start + MAX_SPAN_MS);
  let ms = 0;
  for (let t = start; t < end;) {
    const next = Math.min(end, (Math.floor(t / HOUR_MS) + 1) * HOUR_MS);
    if (isBusinessHour(t, zone)) ms += next - t;
    t = next;
  }
  return ms / HOUR_MS;
}
