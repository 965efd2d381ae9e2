import { hash, randomUUID } from 'node:crypto';
import { TRACK_MAX_FUTURE_MS, TRACK_MAX_PAST_MS, type DeviceType, type TrackEventBody } from '@limo/contracts';
import type { Cache, RateLimiter } from '@limo/platform';
import type { GeoLocator, Place } from '../domain/geo.js';
import { UserAgents } from '../domain/user-agent.js';
import type { VisitorIds } from '../domain/visitor.js';
import { SinkFullError, type EventSink } from '../ingest/event-sink.port.js';
import type { StoredEvent } from '@limo/analytics-store';

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

/** One event of a request on its way through the checks (see {@link Tracker.trackAll}). */
interface Candidate {
  /** Its place in the request (the result's index). */
  index: number;
  body: TrackEventBody;
  userAgent: string;
  device: DeviceType;
  visitorId: string;
  /** What the event is about ({@link whatOf}). */
  what: string;
  /** The client event's fingerprint (events with a timestamp): replays, and the retry of an interrupted attempt. */
  fingerprint: string | undefined;
}

/**
 * The stored event's id for a client event: the same for every attempt of it, so the ingest keeps
 * one copy of an event published twice (a crash between Kafka's answer and the client's).
 */
function eventIdOf(fingerprint: string): string {
  const h = hash('sha256', `event:${fingerprint}`, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** How long an attempt of a client event holds it: a copy within this time is told to retry. */
const REPLAY_PENDING_MS = 10_000;
/** A client event's replay mark while an attempt records it, and once its outcome is settled. */
const PENDING = 'pending';
const RECORDED = 'recorded';

/** A short key of `text`: 22 base64url characters of its SHA-256. */
const hashed = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22);

/** {@link hashed} of the parts joined by NUL (a missing part as ''). */
function digest(...parts: Array<string | undefined>): string {
  // One string built in place (no mapped copy of the parts).
  let text = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) text += `\u0000${parts[i] ?? ''}`;
  return hashed(text);
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
   * Counts or drops each event of one request, with the same outcome as one at a time in order;
   * resolves once every counted event is safely accepted by the sink. The request's own facts (time,
   * client id, place, each user agent's verdict and visitor id) are worked out once for all its
   * events, and each check runs for all the events still in the race at once (one round of lookups
   * a check, not one an event: a Redis pipeline, no promise chain per event), in the events' order,
   * so a later event of the request sees what an earlier one left. The counted events go to the sink
   * together, so a request's events share one write of the write-ahead log.
   */
  async trackAll(bodies: TrackEventBody[], facts: RequestFacts, now: Date = new Date()): Promise<Array<DropReason | 'counted'>> {
    const results: Array<DropReason | 'counted'> = new Array<DropReason | 'counted'>(bodies.length).fill('bot');
    const candidates: Candidate[] = [];
    const visitors = new Map<string, string>();
    const fingerprints = new Set<string>();
    for (let index = 0; index < bodies.length; index++) {
      const body = bodies[index];
      const userAgent = (facts.userAgent ?? body.userAgent ?? '').slice(0, 1024);
      const agent = userAgent ? this.agents.facts(userAgent) : undefined;
      if (!agent || agent.bot) {
        results[index] = this.drop('bot');
        continue;
      }
      let visitorId = visitors.get(userAgent);
      if (visitorId === undefined) {
        visitorId = await this.deps.visitors.visitorId(facts.ip, userAgent, now);
        visitors.set(userAgent, visitorId);
      }
      const what = whatOf(body);
      const fingerprint = body.timestamp ? hashed(`${body.sessionId}\u0000${body.timestamp}\u0000${what}`) : undefined;
      if (fingerprint !== undefined) {
        // The same client event twice in one request: the second is a replay of the first, whatever became of it.
        if (fingerprints.has(fingerprint)) {
          results[index] = this.drop('replay');
          continue;
        }
        fingerprints.add(fingerprint);
      }
      candidates.push({ index, body, userAgent, device: agent.device, visitorId, what, fingerprint });
    }
    if (candidates.length === 0) return results;

    // Each client event claims its fingerprint while it is being recorded, and the claim becomes its
    // replay mark once its outcome is settled: a copy meanwhile is told to retry, a copy after is a replay.
    const clientEvents = candidates.filter((c) => c.fingerprint !== undefined);
    const keys = clientEvents.map((c) => `analytics:replay:${c.fingerprint}`);
    const held = await Promise.all(keys.map((key) => this.deps.marks.add(key, PENDING, REPLAY_PENDING_MS)));
    const settled = new Set<Candidate>();
    try {
      const taken = keys.filter((_, i) => !held[i]);
      const states = await Promise.all(taken.map((key) => this.deps.marks.get<string>(key)));
      // Gone since the claim failed (its attempt cut short): retried as well. (A mark of an earlier
      // version, not one of these two, is a recorded event.)
      if (states.some((state) => state === PENDING || state === undefined)) {
        throw new SinkFullError('the same event is being recorded by another request');
      }
      const replays = new Set(clientEvents.filter((_, i) => !held[i]));
      for (const c of replays) results[c.index] = this.drop('replay');
      const failure = await this.record(
        candidates.filter((c) => !replays.has(c)),
        results,
        facts,
        now,
        settled,
      );
      // Marked seen once settled (counted, or dropped by a later check), never before.
      const recorded = keys.filter((_, i) => held[i] && settled.has(clientEvents[i]));
      await Promise.all(recorded.map((key) => this.deps.marks.set(key, RECORDED, TRACK_MAX_PAST_MS + TRACK_MAX_FUTURE_MS)));
      // The sink refused an event (full, Kafka away, a crash): the request fails, a retry records it.
      if (failure) throw failure.reason;
      return results;
    } finally {
      // A claim whose event was not settled goes: a retry records the event.
      const unsettled = keys.filter((_, i) => held[i] && !settled.has(clientEvents[i]));
      await Promise.all(unsettled.map((key) => this.deps.marks.del(key)));
    }
  }

  /**
   * The checks after the replay one, then the sink, for the candidates in request order. Adds the
   * candidates whose outcome is settled (dropped by a check, or accepted by the sink) to `settled`,
   * and returns the first refusal of the sink, if any.
   */
  private async record(
    candidates: Candidate[],
    results: Array<DropReason | 'counted'>,
    facts: RequestFacts,
    now: Date,
    settled: Set<Candidate>,
  ): Promise<PromiseRejectedResult | undefined> {
    const dropped = (c: Candidate, reason: DropReason) => {
      results[c.index] = this.drop(reason);
      settled.add(c);
      return false;
    };
    const burstMs = this.deps.burstSeconds * 1000;
    // On a company the action is what counts, not the page or query the client says it came from.
    const first = await Promise.all(
      candidates.map((c) =>
        this.firstInWindow(
          `analytics:burst:${c.body.companyId ? digest(c.visitorId, c.body.actionType, 'company', c.body.companyId) : hashed(`${c.visitorId}\u0000${c.what}`)}`,
          c.fingerprint,
          burstMs,
        ),
      ),
    );
    let left = candidates.filter((c, i) => first[i] || dropped(c, 'burst'));
    if (left.length === 0) return undefined;
    // The visitor id hashes the user agent the client sends; these caps hold whatever it sends.
    const clientId = await this.deps.visitors.clientId(facts.ip, now);
    const onCompany = left.filter((c) => c.body.companyId);
    const companyShares = await Promise.all(
      onCompany.map((c) =>
        this.deps.seen.hit(
          `analytics:ip-company:${digest(clientId, c.body.actionType, c.body.companyId)}`,
          this.deps.ipCompanyEvents,
          burstMs,
        ),
      ),
    );
    const overCompany = new Set(onCompany.filter((_, i) => !companyShares[i].allowed));
    left = left.filter((c) => !overCompany.has(c) || dropped(c, 'ip-cap'));
    if (left.length === 0) return undefined;
    // One weighted hit for the request's events: the first of them that fit the minute's share count.
    const minute = await this.deps.seen.hit(`analytics:ip-minute:${clientId}`, this.deps.ipEventsPerMinute, 60_000, left.length);
    const fit = this.deps.ipEventsPerMinute - (minute.count - left.length);
    left = left.filter((c, i) => i < fit || dropped(c, 'ip-cap'));
    if (left.length === 0) return undefined;
    // Visitor ids change every UTC day, so "new today" is remembered until the day ends (asked once a
    // request: a later event of the same visitor in it is not its first of the day).
    const restOfDay = Math.max(1_000, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime());
    const asked = new Set<string>();
    const firstOfVisitor = left.filter((c) => !asked.has(c.visitorId) && asked.add(c.visitorId));
    const visitorShares = await Promise.all(
      firstOfVisitor.map((c) => this.deps.seen.hit(`analytics:visitor:${c.visitorId}`, 1, restOfDay)),
    );
    const newVisitors = new Set(firstOfVisitor.filter((_, i) => visitorShares[i].allowed));
    const views = left.filter((c) => c.body.actionType === 'company_view' && c.body.companyId);
    const viewShares = await Promise.all(
      views.map((c) => this.deps.seen.hit(`analytics:profile-view:${c.visitorId}:${c.body.companyId}`, 1, restOfDay)),
    );
    const newViews = new Set(views.filter((_, i) => viewShares[i].allowed));
    const place = await this.deps.geo.locate(facts.ip);
    const receivedAt = now.toISOString();
    // Every event goes to the sink before any answer is awaited: they share the sink's next write.
    const accepted = await Promise.allSettled(
      left.map((c) => this.deps.sink.accept(this.stored(c, receivedAt, place, newVisitors.has(c), newViews.has(c)))),
    );
    let failure: PromiseRejectedResult | undefined;
    left.forEach((c, i) => {
      const outcome = accepted[i];
      if (outcome.status === 'rejected') {
        failure ??= outcome;
        return;
      }
      results[c.index] = 'counted';
      this.stats.counted++;
      settled.add(c);
    });
    return failure;
  }

  /** The stored event of a candidate that passed every check. */
  private stored(c: Candidate, receivedAt: string, place: Place, newVisitor: boolean, newProfileView: boolean): StoredEvent {
    const { body } = c;
    return {
      eventId: c.fingerprint ? eventIdOf(c.fingerprint) : randomUUID(),
      receivedAt,
      clientTime: body.timestamp ? new Date(body.timestamp).toISOString() : null,
      actionType: body.actionType,
      companyId: body.companyId ?? '',
      companyIds: body.actionType === 'search' ? (body.companyIds ?? []) : [],
      sessionId: body.sessionId,
      visitorId: c.visitorId,
      searchQuery: body.searchQuery ?? '',
      searchFilters: body.searchFilters ?? '',
      currentPage: body.currentPage ?? '',
      landingPage: body.landingPage ?? '',
      referrer: body.referrer ?? 'direct',
      userAgent: c.userAgent,
      deviceType: body.deviceType ?? c.device,
      country: place.country,
      state: place.state,
      city: place.city,
      timeSpent: body.timeSpent ?? null,
      newVisitor: newVisitor ? 1 : 0,
      newProfileView: newProfileView ? 1 : 0,
      ingestSource: 'direct',
      ingestOffset: -1,
    };
  }

  /**
   * True for the first event of `key`'s window, and for a retry of that very client event (same
   * fingerprint: its first attempt took the window and died before the sink).
   */
  private async firstInWindow(key: string, fingerprint: string | undefined, windowMs: number): Promise<boolean> {
    if (await this.deps.marks.add(key, fingerprint ?? '', windowMs)) return true;
    return fingerprint !== undefined && (await this.deps.marks.get<string>(key)) === fingerprint;
  }

  private drop(reason: DropReason): DropReason {
    this.stats.dropped[reason]++;
    return reason;
  }
}

/** What a client event is about, for its fingerprint and its burst key (off a company): its parts as {@link digest} joins them. */
function whatOf(body: TrackEventBody): string {
  return `${body.actionType}\u0000${body.currentPage ?? ''}\u0000${body.companyId ?? ''}\u0000${body.searchQuery ?? ''}\u0000${body.companyIds?.join(',') ?? ''}`;
}
