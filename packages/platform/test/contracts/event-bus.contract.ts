import { describe } from 'vitest';
import type { EventBus } from '../../src/ports/event-bus.port.js';
import { batches } from './event-bus/batches.js';
import { useEventBus } from './event-bus/context.js';
import { deadLetters } from './event-bus/dead-letters.js';
import { delivery } from './event-bus/delivery.js';
import { offsets } from './event-bus/offsets.js';
import { ordering } from './event-bus/ordering.js';
import { retries } from './event-bus/retries.js';

/** The contract's features, one file each under event-bus/ (as Emmett composes its suites). */
const eventBusContract = { delivery, ordering, retries, deadLetters, offsets, batches };

/**
 * The behaviour every EventBus adapter must have. Each test uses its own topics and groups, so runs
 * never see each other's events; the bus is closed after each test.
 */
export function describeEventBusContract(name: string, factory: () => Promise<EventBus>): void {
  describe(name, () => {
    const t = useEventBus(factory);
    eventBusContract.delivery(t);
    eventBusContract.ordering(t);
    eventBusContract.retries(t);
    eventBusContract.deadLetters(t);
    eventBusContract.offsets(t);
    eventBusContract.batches(t);
  });
}
