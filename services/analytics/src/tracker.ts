import { hash, randomUUID } from 'node:crypto';
import { TRACK_MAX_FUTURE_MS, TRACK_MAX_PAST_MS, type DeviceType, type TrackEventBody } from '@limo/contracts';
import type { Cache, RateLimiter } from '@limo/platform';
import type { GeoLocator, Place } from './domain/geo.js';
import { UserAgents } from './domain/user-agent.js';
import type { VisitorIds } from './domain/visitor.js';
import { SinkFullError, type EventSink } from './ingest/event-sink.port.js';
import type { StoredEvent } from './store/analytics-store.port.js';

/** What the request itself says about the visitor (never stored as such). */
export interface RequestFacts {
  /** Client IP (from X-Forwarded-For behind the gateway). */
  ip: string;
  /** The request's User-Agent header. */
  userAgent: string | undefined;
}

/** Why an accepted event was not counted (`ip-cap`: over a client IP's share, whatever its user agents). */
export type DropReason = 'bot' | 'replay' | 'burst' | 'ip-cap';

/** How many events were counted and dropped, since start (for logs and tests). */
export interface TrackerStats {
  counted: number;
  dropped: Record<DropReason, number>;
}

/** What the events of one request share, worked out at most once for all of them. */
interface RequestContext {
  facts: RequestFacts;
  now: Date;
  receivedAt: string;
  /** Visitor id per user agent seen in the request. */
  visitors: Map<string, string>;
  /** Visitors whose "new today" was already asked in this request. */
  counted: Set<string>;
  clientId?: string;
  restOfDay?: number;
  place?: Place;
}

/**
 * The stored event's id for a client event: the same for every attempt of it, so the ingest keeps
 * one copy of an event published twice (a crash between Kafka's answer and the client's).
 */
function eventIdOf(fingerprint: string): string {
  const h = hash('sha256', `event:${fingerprint}`, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** How long an attempt of a client event holds it: a copy within this time is told to retry. */
export const REPLAY_PENDING_MS = 10_000;

function digest(...parts: Array<string | undefined>): string {
  // One string built in place (no mapped copy of the parts): this runs two or three times an event.
  let text = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) text += `\u0000${parts[i] ?? ''}`;
  return hash('sha256', text, 'base64url').slice(0, 22);
}

/**
 * Turns a validated track request into a stored event: drops bots (isbot on the user agent), replays
 * (the same client event, by session, type, page, company, query and client timestamp, seen within the
 * timestamp acceptance window), bursts (the same action by the same visitor within `burstSeconds`: on
 * a company, the same action on the same company whatever the page or query the client names) and
 * what one client IP sends over its caps whatever user agents it rotates (`ipCompanyEvents` of one
 * action on one company per burst window, `ipEventsPerMinute` in all), then adds the server's facts:
 * received time, user agent, place of the IP, device class when the client sent none, and the daily
 * visitor hash. The IP itself goes nowhere: the caps key on a salted daily hash of it.
 */
export class Tracker {
  readonly stats: TrackerStats = { counted: 0, dropped: { bot: 0, replay: 0, burst: 0, 'ip-cap': 0 } };
  private readonly agents = new UserAgents();

  constructor(
    private readonly deps: {
      sink: EventSink;
      visitors: VisitorIds;
      geo: GeoLocator;
      /** Remembers fingerprints: the first hit of a key in its window is allowed, later ones are not. */
      seen: RateLimiter;
      /** Remembers the client events already recorded (replays of them are dropped). */
      marks: Cache;
      burstSeconds: number;
      /** Counted events of one action on one company from one client IP per burst window. */
      ipCompanyEvents: number;
      /** Counted events from one client IP per minute. */
      ipEventsPerMinute: number;
    },
  ) {}

  /**
   * Counts the event or drops it; resolves once a counted event is safely accepted by the sink.
   * A client event (one with a timestamp) is marked seen only once its outcome is settled, so a
   * retry after a crash between the check and the sink is recorded rather than taken for a replay;
   * a copy arriving while another attempt is under way (or was cut short less than
   * REPLAY_PENDING_MS ago) is refused with SinkFullError (503: try again) rather than counted twice.
   */
  async track(body: TrackEventBody, facts: RequestFacts, now: Date = new Date()): Promise<DropReason | 'counted'> {
    const [result] = await this.trackAll([body], facts, now);
    return result ?? 'bot';
  }

  /**
   * Counts or drops each event of one request, in order; resolves once every counted event is safely
   * accepted by the sink. The request's own facts (time, client id, place, each user agent's verdict
   * and visitor id) are worked out once for all its events.
   */
  async trackAll(bodies: TrackEventBody[], facts: RequestFacts, now: Date = new Date()): Promise<Array<DropReason | 'counted'>> {
    const request: RequestContext = { facts, now, receivedAt: now.toISOString(), visitors: new Map(), counted: new Set() };
    const results: Array<DropReason | 'counted'> = [];
    for (const body of bodies) results.push(await this.trackOne(body, request));
    return results;
  }

  private async trackOne(body: TrackEventBody, request: RequestContext): Promise<DropReason | 'counted'> {
    const { facts, now } = request;
    const userAgent = (facts.userAgent ?? body.userAgent ?? '').slice(0, 1024);
    const agent = userAgent ? this.agents.facts(userAgent) : undefined;
    if (!agent || agent.bot) return this.drop('bot');
    let visitorId = request.visitors.get(userAgent);
    if (visitorId === undefined) {
      visitorId = await this.deps.visitors.visitorId(facts.ip, userAgent, now);
      request.visitors.set(userAgent, visitorId);
    }
    const what = [body.actionType, body.currentPage, body.companyId, body.searchQuery, body.companyIds?.join(',')];
    if (!body.timestamp) return this.record(body, request, agent.device, userAgent, visitorId, what, undefined);
    const fingerprint = digest(body.sessionId, body.timestamp, ...what);
    const pending = `analytics:replay-pending:${fingerprint}`;
    if (!(await this.deps.seen.hit(pending, 1, REPLAY_PENDING_MS)).allowed)
      throw new SinkFullError('the same event is being recorded by another request');
    try {
      if (await this.deps.marks.get(`analytics:replay:${fingerprint}`)) return this.drop('replay');
      const outcome = await this.record(body, request, agent.device, userAgent, visitorId, what, fingerprint);
      await this.deps.marks.set(`analytics:replay:${fingerprint}`, 1, TRACK_MAX_PAST_MS + TRACK_MAX_FUTURE_MS);
      return outcome;
    } finally {
      await this.deps.seen.reset(pending);
    }
  }

  /** The checks after the replay one, then the sink. */
  private async record(
    body: TrackEventBody,
    request: RequestContext,
    device: DeviceType,
    userAgent: string,
    visitorId: string,
    what: Array<string | undefined>,
    fingerprint: string | undefined,
  ): Promise<DropReason | 'counted'> {
    const { facts, now } = request;
    // On a company the action is what counts, not the page or query the client says it came from.
    const burstWhat = body.companyId ? [body.actionType, 'company', body.companyId] : what;
    const burst = `analytics:burst:${digest(visitorId, ...burstWhat)}`;
    if (!(await this.firstInWindow(burst, fingerprint, this.deps.burstSeconds * 1000))) return this.drop('burst');
    // The visitor id hashes the user agent the client sends; these caps hold whatever it sends.
    request.clientId ??= await this.deps.visitors.clientId(facts.ip, now);
    const clientId = request.clientId;
    if (body.companyId) {
      const onCompany = await this.deps.seen.hit(
        `analytics:ip-company:${digest(clientId, body.actionType, body.companyId)}`,
        this.deps.ipCompanyEvents,
        this.deps.burstSeconds * 1000,
      );
      if (!onCompany.allowed) return this.drop('ip-cap');
    }
    const perMinute = await this.deps.seen.hit(`analytics:ip-minute:${clientId}`, this.deps.ipEventsPerMinute, 60_000);
    if (!perMinute.allowed) return this.drop('ip-cap');
    // Visitor ids change every UTC day, so "new today" is remembered until the day ends (asked once a
    // request: a later event of the same visitor in it is not its first of the day).
    request.restOfDay ??= Math.max(1_000, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime());
    const newVisitor =
      !request.counted.has(visitorId) && (await this.deps.seen.hit(`analytics:visitor:${visitorId}`, 1, request.restOfDay)).allowed;
    request.counted.add(visitorId);
    const newProfileView =
      body.actionType === 'company_view' && body.companyId
        ? (await this.deps.seen.hit(`analytics:profile-view:${visitorId}:${body.companyId}`, 1, request.restOfDay)).allowed
        : false;
    request.place ??= await this.deps.geo.locate(facts.ip);
    const place = request.place;
    const event: StoredEvent = {
      eventId: fingerprint ? eventIdOf(fingerprint) : randomUUID(),
      receivedAt: request.receivedAt,
      clientTime: body.timestamp ? new Date(body.timestamp).toISOString() : null,
      actionType: body.actionType,
      companyId: body.companyId ?? '',
      companyIds: body.actionType === 'search' ? (body.companyIds ?? []) : [],
      sessionId: body.sessionId,
      visitorId,
      searchQuery: body.searchQuery ?? '',
      searchFilters: body.searchFilters ?? '',
      currentPage: body.currentPage ?? '',
      landingPage: body.landingPage ?? '',
      referrer: body.referrer ?? 'direct',
      userAgent,
      deviceType: body.deviceType ?? device,
      country: place.country,
      state: place.state,
      city: place.city,
      timeSpent: body.timeSpent ?? null,
      newVisitor: newVisitor ? 1 : 0,
      newProfileView: newProfileView ? 1 : 0,
      ingestSource: 'direct',
      ingestOffset: -1,
    };
    await this.deps.sink.accept(event);
    this.stats.counted++;
    return 'counted';
  }

  /**
   * True for the first event of `key`'s window, and for a retry of that very client event (same
   * fingerprint: its first attempt took the window and died before the sink).
   */
  private async firstInWindow(key: string, fingerprint: string | undefined, windowMs: number): Promise<boolean> {
    if ((await this.deps.seen.hit(key, 1, windowMs)).allowed) {
      if (fingerprint) await this.deps.marks.set(`${key}:by`, fingerprint, windowMs);
      return true;
    }
    return fingerprint !== undefined && (await this.deps.marks.get<string>(`${key}:by`)) === fingerprint;
  }

  private drop(reason: DropReason): DropReason {
    this.stats.dropped[reason]++;
    return reason;
  }
}
