import { analyticsService } from '@limo/analytics';
import { billingService } from '@limo/billing';
import { directoryService } from '@limo/directory';
import { identityService } from '@limo/identity';
import { serviceEntry, type AnyServiceDefinition, type ServiceEntry, type ServiceName } from '@limo/platform';
import { quotesService } from '@limo/quotes';

/** Every service, in start order (quotes reconciles against the directory, so it starts after it). */
export const serviceEntries: Record<ServiceName, ServiceEntry> = {
  identity: serviceEntry(identityService),
  directory: serviceEntry(directoryService),
  quotes: serviceEntry(quotesService),
  billing: serviceEntry(billingService),
  analytics: serviceEntry(analyticsService),
};

/** Every service's declaration, for validating all their settings at once. */
export const serviceDefinitions: AnyServiceDefinition[] = Object.values(serviceEntries).map((entry) => entry.definition);
