import {
  ANALYTICS_ACTION_TYPES,
  COMPANY_ACTION_TYPES,
  DEVICE_TYPES,
  TRACK_BATCH_MAX,
  TRACK_LIMITS,
  TRACK_MAX_FUTURE_MS,
  TRACK_MAX_PAST_MS,
  trackBatchBodySchema,
  trackEventBodySchema,
  type TrackBatchBody,
  type TrackEventBody,
} from './analytics.js';
import { withFastPath } from './fast-path.js';

/*
 * The track routes' bodies checked without zod (zod 4 costs ~10 µs an event, most of the route's
 * validation): an event the fast check is not sure of (any error, an object as searchFilters, ...)
 * is left to the schema, so refusals and their messages are the schema's own.
 */

/** Marks "not plainly valid: ask the schema". */
const NO = Symbol('no');
type Maybe<T> = T | typeof NO;

const ACTIONS: ReadonlySet<unknown> = new Set(ANALYTICS_ACTION_TYPES);
const COMPANY_ACTIONS: ReadonlySet<unknown> = new Set(COMPANY_ACTION_TYPES);
const DEVICES: ReadonlySet<unknown> = new Set(DEVICE_TYPES);
const ISO_START = /^\d{4}-\d{2}-\d{2}T/;

/** As `optionalText`: absent, null, or text at most `max` long (trimmed; empty is absent). */
function optionalText(value: unknown, max: number): Maybe<string | undefined> {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) return NO;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

function timestamp(value: unknown, now: number): Maybe<string | undefined> {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 40 || !ISO_START.test(value)) return NO;
  const time = Date.parse(value);
  return time >= now - TRACK_MAX_PAST_MS && time <= now + TRACK_MAX_FUTURE_MS ? value : NO;
}

function companyIds(value: unknown): Maybe<string[] | undefined> {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > TRACK_LIMITS.companyIds) return NO;
  for (const id of value) if (typeof id !== 'string' || id.length === 0 || id.length > TRACK_LIMITS.companyId) return NO;
  return [...new Set(value as string[])];
}

function timeSpent(value: unknown): Maybe<number | undefined> {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 86_400 ? value : NO;
}

/** {@link trackEventBodySchema}'s output for a plainly valid event, or undefined. */
export function fastTrackEvent(input: unknown, now = Date.now()): TrackEventBody | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const e = input as Record<string, unknown>;
  const rawSession = e.sessionId;
  if (typeof rawSession !== 'string' || rawSession.length > TRACK_LIMITS.sessionId) return undefined;
  const sessionId = rawSession.trim();
  if (!sessionId) return undefined;
  const userAgent = optionalText(e.userAgent, TRACK_LIMITS.userAgent);
  const deviceType = e.deviceType ?? undefined;
  const referrer = optionalText(e.referrer, TRACK_LIMITS.referrer);
  const time = timestamp(e.timestamp, now);
  const actionType = e.actionType;
  const currentPage = optionalText(e.currentPage, TRACK_LIMITS.page);
  const landingPage = optionalText(e.landingPage, TRACK_LIMITS.page);
  const searchQuery = optionalText(e.searchQuery, TRACK_LIMITS.searchQuery);
  const rawFilters = e.searchFilters;
  const companyId = optionalText(e.companyId, TRACK_LIMITS.companyId);
  const ids = companyIds(e.companyIds);
  const spent = timeSpent(e.timeSpent);
  if (
    userAgent === NO ||
    (deviceType !== undefined && !DEVICES.has(deviceType)) ||
    referrer === NO ||
    time === NO ||
    !ACTIONS.has(actionType) ||
    currentPage === NO ||
    landingPage === NO ||
    searchQuery === NO ||
    // Only text (or nothing) here: a JSON object or list is the schema's to stringify.
    !(
      rawFilters === undefined ||
      rawFilters === null ||
      (typeof rawFilters === 'string' && rawFilters.length <= TRACK_LIMITS.searchFilters)
    ) ||
    companyId === NO ||
    ids === NO ||
    spent === NO ||
    (COMPANY_ACTIONS.has(actionType) && companyId === undefined)
  )
    return undefined;
  // As zod: a field the input names is in the output (undefined when empty), one it lacks is not.
  const out: Record<string, unknown> = { sessionId };
  if ('userAgent' in e) out.userAgent = userAgent;
  if ('deviceType' in e) out.deviceType = deviceType;
  if ('referrer' in e) out.referrer = referrer;
  if ('timestamp' in e) out.timestamp = time;
  out.actionType = actionType;
  if ('currentPage' in e) out.currentPage = currentPage;
  if ('landingPage' in e) out.landingPage = landingPage;
  if ('searchQuery' in e) out.searchQuery = searchQuery;
  if ('searchFilters' in e) out.searchFilters = typeof rawFilters === 'string' && rawFilters ? rawFilters : undefined;
  if ('companyId' in e) out.companyId = companyId;
  if ('companyIds' in e) out.companyIds = ids;
  if ('timeSpent' in e) out.timeSpent = spent;
  return out as TrackEventBody;
}

/** {@link trackBatchBodySchema}'s output when every event is plainly valid, or undefined. */
export function fastTrackBatch(input: unknown): TrackBatchBody | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const list: unknown = (input as Record<string, unknown>).events;
  if (!Array.isArray(list) || list.length === 0 || list.length > TRACK_BATCH_MAX) return undefined;
  const now = Date.now();
  const events = new Array<TrackEventBody>(list.length);
  for (let i = 0; i < list.length; i++) {
    const event = fastTrackEvent(list[i], now);
    if (!event) return undefined;
    events[i] = event;
  }
  return { events };
}

withFastPath(trackEventBodySchema, (value) => fastTrackEvent(value));
withFastPath(trackBatchBodySchema, fastTrackBatch);
