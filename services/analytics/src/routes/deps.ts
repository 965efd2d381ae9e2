import type { Logger } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { AnalyticsStore } from '@limo/analytics-store';
import type { Tracker } from '../use-cases/tracker.js';

/** What the route plugins are given. */
export interface RouteDeps {
  store: AnalyticsStore;
  tracker: Tracker;
  companies: CompaniesRepository;
  logger: Logger;
}
