import { ApiError } from './api';
import { trackEvent } from './client';

/** The analytics event types of §7, and the clicks on a company's phone and website (issue 10, item 7). */
export type AnalyticsAction =
  'page_view' | 'search' | 'company_view' | 'quote_request' | 'review_submission' | 'call_click' | 'website_click';

export interface AnalyticsDetails {
  companyId?: string;
  searchQuery?: string;
  /** Sent as JSON text. */
  searchFilters?: unknown;
  /** `search` only: the companies on the result page shown (owners' "search appearances"). */
  companyIds?: string[];
}

const SESSION_KEY = 'limo.analytics.sessionId';
const LANDING_KEY = 'limo.analytics.landingPage';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** One id per browser tab session (§4), generated on first use and reused. */
function analyticsSessionId(): string {
  const store = sessionStore();
  const existing = store?.getItem(SESSION_KEY);
  if (existing) return existing;
  const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  store?.setItem(SESSION_KEY, id);
  return id;
}

/** The first page seen in this tab session (§4). */
function landingPage(currentPage: string): string {
  const store = sessionStore();
  const existing = store?.getItem(LANDING_KEY);
  if (existing) return existing;
  store?.setItem(LANDING_KEY, currentPage);
  return currentPage;
}

/** §3: mobile up to 768 px wide, tablet up to 1024 px, desktop above. */
function deviceType(width: number): 'mobile' | 'tablet' | 'desktop' {
  if (width <= 768) return 'mobile';
  if (width <= 1024) return 'tablet';
  return 'desktop';
}

let currentPath: string | undefined;
let currentReferrer: string | undefined;

/** The referrer of the page being shown: the previous page of this tab, or "direct" (§3). */
function referrerOfCurrentPage(): string {
  return currentReferrer ?? (document.referrer || 'direct');
}

/** Records a page change; the page left becomes the referrer of the events that follow. */
export function trackPageView(currentPage: string): void {
  if (currentPath !== undefined) currentReferrer = currentPath;
  currentPath = currentPage;
  send('page_view', {}, currentPage, referrerOfCurrentPage());
}

/** Sends one event, fire and forget: a failure is only logged (§8). */
export function track(actionType: Exclude<AnalyticsAction, 'page_view'>, details: AnalyticsDetails = {}): void {
  send(actionType, details, window.location.pathname, referrerOfCurrentPage());
}

function send(actionType: AnalyticsAction, details: AnalyticsDetails, currentPage: string, referrer: string): void {
  const event = {
    sessionId: analyticsSessionId(),
    userAgent: navigator.userAgent,
    deviceType: deviceType(window.innerWidth),
    referrer,
    timestamp: new Date().toISOString(),
    actionType,
    currentPage,
    landingPage: landingPage(currentPage),
    ...(details.companyId ? { companyId: details.companyId } : {}),
    ...(details.searchQuery !== undefined ? { searchQuery: details.searchQuery } : {}),
    ...(details.searchFilters !== undefined ? { searchFilters: JSON.stringify(details.searchFilters) } : {}),
    ...(details.companyIds?.length ? { companyIds: details.companyIds } : {}),
  };
  trackEvent(event).catch((err: unknown) => {
    if (err instanceof ApiError) console.warn(`analytics: ${actionType} not recorded (${err.status})`);
    else console.warn(`analytics: ${actionType} not sent`, err);
  });
}
