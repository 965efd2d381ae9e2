import { preloadGazetteer } from '@limo/geo';
import {
  cityQuoteRequestedV1,
  companyEvents,
  companyResponseTimeV1,
  companyResponsivenessV1,
  quoteDeliveredV1,
  quoteRequestedV1,
} from '@limo/contracts';
import { buildService, consumer, defineService, reviewLinkKey, type BuiltService, type ServiceContext } from '@limo/platform';
import { onCityQuoteRequestedConfirmCustomer, onCityQuoteRequestedFanOut } from './consumers/on-city-quote-requested.js';
import { onCompanyChanged } from './consumers/on-company-changed.js';
import { onQuoteDeliveredResponsiveness } from './consumers/on-quote-delivered.js';
import { onQuoteRequestedMail } from './consumers/on-quote-requested.js';
import { QuoteDelivery } from './delivery/quote-delivery.js';
import { MailBacklog, mailBacklogGauge } from './delivery/mail-backlog.js';
import { Redelivery, type RedeliveryOptions } from './delivery/redelivery.js';
import { ReviewReminders } from './delivery/review-reminders.js';
import { LeadTracking } from './use-cases/lead-tracking.js';
import { CityRequestsRepository } from './repositories/city-requests.repository.js';
import { CompaniesRepository } from './repositories/companies.repository.js';
import { QuotesRepository } from './repositories/quotes.repository.js';
import { CompanyReconciliation, httpSnapshotSource, type SnapshotSource } from './reconciliation/company-reconciliation.js';
import { adminRoutes } from './routes/admin/index.js';
import { cityQuoteRequestsRoutes } from './routes/city-quote-requests/index.js';
import { ownerRoutes } from './routes/owner.js';
import { quoteRequestsRoutes } from './routes/quote-requests/index.js';
import type { RouteDeps } from './routes/deps.js';
import { quotesEnvSchema } from './settings.js';

/** Tuning that tests change; production uses the defaults. */
export interface QuotesServiceOptions {
  /** The sweep that resends mails whose events gave up (default: every 30 s, work 60 s to 3 days old). */
  redelivery?: Partial<RedeliveryOptions>;
  /**
   * Where the start-up reconciliation reads the directory's companies (default: the directory's
   * `/internal/company-snapshots` at DIRECTORY_URL), and how long after start it runs in the
   * background (default: embedded runs it during start-up; distributed 10 s after, so the company
   * events already on the bus are applied first and mostly real drift is reported).
   * `false` turns it off.
   */
  reconciliation?: false | { source?: SnapshotSource; delayMs?: number };
}

/**
 * Mail events of one partition handled at once (distinct quotes): a mail waits on the transport, so
 * one at a time held delivery to ~160 mails/s against ~600 quotes/s of intake. The transport bounds
 * what is really in flight (the SMTP pool's `maxConnections`, the file mailer's batched index).
 */
const MAIL_CONCURRENCY = 16;
/** How often the mail backlog is counted while requests wait on it, and the longest one waits. */
const BACKLOG_REFRESH_MS = 50;
const BACKLOG_MAX_WAIT_MS = 2_000;

/** How often the companies' responsiveness is recomputed as leads leave its 30-day window. */
const RESPONSIVENESS_SWEEP_MS = 60 * 60 * 1000;

/** How often the review reminders job looks for trips a few days past. */
const REVIEW_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

const REDELIVERY_DEFAULTS: RedeliveryOptions = { intervalMs: 30_000, graceMs: 60_000, maxAgeMs: 3 * 24 * 60 * 60 * 1000, batchSize: 200 };

/**
 * Quotes: per-company and city-wide quote requests, their delivery to companies by e-mail, lead
 * tracking, and the owner's and admin's quote lists. It knows companies only through its read-model,
 * fed by directory's company events.
 */
export const quotesService = defineService.withOptions<QuotesServiceOptions>()({
  name: 'quotes',
  description: 'Quote requests, their delivery to companies, lead tracking',
  env: quotesEnvSchema,
  produces: [quoteRequestedV1, cityQuoteRequestedV1, quoteDeliveredV1, companyResponseTimeV1, companyResponsivenessV1],
  needs: {},
  async init({ ctx, env: settings, options }) {
    const leaseMs = settings.MAIL_LEASE_SECONDS * 1000;
    const quotes = await QuotesRepository.create(ctx.store, leaseMs);
    const cityRequests = await CityRequestsRepository.create(ctx.store, leaseMs);
    const companies = await CompaniesRepository.create(ctx.store);
    const leads = new LeadTracking(quotes, companies);
    const logger = ctx.logger.child({ service: 'quotes' });
    const reviewKey = reviewLinkKey(ctx.config.JWT_SECRET);
    const delivery = new QuoteDelivery({
      quotes,
      cityRequests,
      companies,
      mailer: ctx.mailer,
      logger,
      publicUrl: ctx.config.PUBLIC_URL,
      reviewLinks: { key: reviewKey, validDays: settings.REVIEW_LINK_DAYS },
    });
    const reviewReminders = new ReviewReminders(
      { quotes, mailer: ctx.mailer, logger, publicUrl: ctx.config.PUBLIC_URL, key: reviewKey },
      {
        afterDays: settings.REVIEW_REMINDER_DAYS,
        validDays: settings.REVIEW_LINK_DAYS,
        intervalMs: REVIEW_REMINDER_INTERVAL_MS,
        batchSize: 200,
      },
    );
    const backlog = new MailBacklog(
      () => quotes.awaitingMailCount(),
      {
        limit: settings.QUOTE_MAIL_BACKLOG_LIMIT,
        refreshMs: BACKLOG_REFRESH_MS,
        maxWaitMs: BACKLOG_MAX_WAIT_MS,
      },
      logger,
    );
    const redelivery = new Redelivery(delivery, quotes, cityRequests, logger, { ...REDELIVERY_DEFAULTS, ...options.redelivery });
    const reconcileOptions = options.reconciliation === false ? undefined : (options.reconciliation ?? {});
    const reconciliation =
      reconcileOptions &&
      new CompanyReconciliation(
        companies,
        reconcileOptions.source ?? httpSnapshotSource(ctx.config.serviceUrls.directory, ctx.config.INTERNAL_SECRET),
        logger.child({ part: 'reconciliation' }),
      );
    const stopping = new AbortController();
    let reconciling: Promise<unknown> = Promise.resolve();
    let unsample = () => {};
    let unwatch: Array<() => void> = [];
    let sweep: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> = Promise.resolve();
    return {
      deps: { ctx, settings, quotes, cityRequests, companies, leads, backlog, reviewReminders },
      routes: [quoteRequestsRoutes, ownerRoutes, cityQuoteRequestsRoutes, adminRoutes],
      consumers: [
        consumer({ group: 'quotes.companies', consumes: companyEvents, handler: onCompanyChanged(companies) }),
        consumer({
          group: 'quotes.mail',
          consumes: [quoteRequestedV1],
          handler: onQuoteRequestedMail(delivery),
          concurrency: MAIL_CONCURRENCY,
        }),
        consumer({ group: 'quotes.city-fan-out', consumes: [cityQuoteRequestedV1], handler: onCityQuoteRequestedFanOut(delivery) }),
        consumer({ group: 'quotes.responsiveness', consumes: [quoteDeliveredV1], handler: onQuoteDeliveredResponsiveness(leads) }),
        consumer({
          group: 'quotes.city-confirmation',
          consumes: [cityQuoteRequestedV1],
          handler: onCityQuoteRequestedConfirmCustomer(delivery),
          concurrency: MAIL_CONCURRENCY,
        }),
      ],
      async prepare() {
        // The city index costs ~150 ms to build: paid here rather than by the first city request.
        preloadGazetteer();
        // The sole instance alone owns the data, and its bus lost whatever a crash left unconsumed:
        // leases of the dead process are void and everything owed is done at once.
        if (settings.SOLE_INSTANCE) {
          await quotes.releaseAllLeases();
          await cityRequests.releaseAllLeases();
        }
      },
      async start() {
        unsample = mailBacklogGauge.add({ service: 'quotes' }, () => quotes.awaitingMailCount());
        redelivery.start();
        reviewReminders.start();
        sweep = setInterval(() => {
          sweeping = leads.sweepResponsiveness().catch((err: unknown) => logger.warn({ err }, 'responsiveness sweep failed'));
        }, RESPONSIVENESS_SWEEP_MS);
        sweep.unref();
        // Several instances: a crashed replica's leases run out after the lease time; then everything
        // owed from before this start is done, rather than after the sweep's grace period.
        redelivery.startUpSweep(settings.SOLE_INSTANCE ? 0 : leaseMs + 1000);
        // A broker that lost its data lost the mail events not consumed yet: what they owed is done now.
        unwatch = ['quote.requested.v1', 'city-quote.requested.v1'].map((topic) =>
          ctx.bus.onTopicRecreated(topic, () => redelivery.sweepNow()),
        );
        if (!reconciliation) return;
        // The sole instance (embedded): the directory already listens, so quotes opens with a complete
        // read-model (the seeded companies' events may still be in flight). Otherwise in the
        // background, as the directory may start after quotes.
        if (settings.SOLE_INSTANCE && !reconcileOptions.delayMs) {
          try {
            await reconciliation.run();
            return;
          } catch (err) {
            logger.warn({ err }, 'start-up reconciliation failed: retrying in the background');
          }
        }
        reconciling = reconciliation.runWhenReady(stopping.signal, reconcileOptions.delayMs ?? 10_000);
      },
      async stop() {
        unsample();
        unwatch.forEach((stopWatching) => stopWatching());
        clearInterval(sweep);
        await sweeping;
        stopping.abort();
        await reconciling;
        await redelivery.stop();
        await reviewReminders.stop();
      },
    };
  },
});

/** The quotes service built on `ctx`, with test tuning. */
export function createQuotesService(ctx: ServiceContext, options: QuotesServiceOptions = {}): Promise<BuiltService<RouteDeps>> {
  return buildService(quotesService, ctx, { options });
}
