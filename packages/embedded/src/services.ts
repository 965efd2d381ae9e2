import { analyticsService } from '@limo/analytics';
import { billingService } from '@limo/billing';
import { directoryService } from '@limo/directory';
import { gatewayService } from '@limo/gateway';
import { identityService } from '@limo/identity';
import { edgeEntry, serviceEntry, type AnyServiceDefinition, type EdgeEntry, type ServiceEntry, type ServiceName } from '@limo/platform';
import { quotesService } from '@limo/quotes';

/** Every service, in start order (quotes reconciles against the directory, so it starts after it). */
export const serviceEntries: Record<ServiceName, ServiceEntry> = {
  identity: serviceEntry(identityService),
  directory: serviceEntry(directoryService),
  quotes: serviceEntry(quotesService),
  billing: serviceEntry(billingService),
  analytics: serviceEntry(analyticsService),
};

/** The gateway in front of them, started last (it proxies to where they listen). */
export const gatewayEntry: EdgeEntry = edgeEntry(gatewayService);

/** Every service's declaration and the gateway's, for validating all their settings at once. */
export const serviceDefinitions: AnyServiceDefinition[] = [
  ...Object.values(serviceEntries).map((entry) => entry.definition),
  gatewayEntry.definition,
];
