import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '../src/analytics-store.port.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO time `days` days before `now` (same time of day). */
export const daysAgo = (days: number, now = new Date()): string => new Date(now.getTime() - days * DAY_MS).toISOString();

/** A stored event with plausible defaults: a desktop page view from San Jose, CA, received now. */
export function storedEvent(overrides: Partial<StoredEvent> = {}): StoredEvent {
  return {
    eventId: randomUUID(),
    receivedAt: new Date().toISOString(),
    clientTime: null,
    actionType: 'page_view',
    companyId: '',
    companyIds: [],
    sessionId: 'session-1',
    visitorId: 'visitor-1',
    searchQuery: '',
    searchFilters: '',
    currentPage: '/',
    landingPage: '/',
    referrer: 'direct',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    deviceType: 'desktop',
    country: 'US',
    state: 'CA',
    city: 'San Jose',
    timeSpent: null,
    newVisitor: 0,
    newProfileView: 0,
    ingestSource: 'direct',
    ingestOffset: -1,
    ...overrides,
  };
}
