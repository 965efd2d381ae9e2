import type { ServiceContext } from '@limo/platform';
import type { MailBacklog } from '../delivery/mail-backlog.js';
import type { ReviewReminders } from '../delivery/review-reminders.js';
import type { LeadTracking } from '../use-cases/lead-tracking.js';
import type { CityRequestsRepository } from '../repositories/city-requests.repository.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { QuotesRepository } from '../repositories/quotes.repository.js';
import type { QuotesSettings } from '../settings.js';

/** What the route plugins are given. */
export interface RouteDeps {
  ctx: ServiceContext;
  /** Quotes' own settings. */
  settings: QuotesSettings;
  quotes: QuotesRepository;
  cityRequests: CityRequestsRepository;
  companies: CompaniesRepository;
  leads: LeadTracking;
  /** Holds new requests back while mail delivery is behind. */
  backlog: MailBacklog;
  /** The periodic job mailing customers a link to review the company after their trip. */
  reviewReminders: ReviewReminders;
}
