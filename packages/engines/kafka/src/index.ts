import type { EngineAdapters } from '@limo/platform';
import { KafkaEventBus } from './kafka.event-bus.js';

export * from './kafka.event-bus.js';

/** The Kafka engine, for a composition root's `EngineAdapters`: the event bus. */
export const kafkaEngine: Required<Pick<EngineAdapters, 'kafka'>> = {
  kafka: (options) => KafkaEventBus.create(options),
};
