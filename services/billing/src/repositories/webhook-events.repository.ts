import type { PaymentProvider, PaymentProviderEventReceivedV1 } from '@limo/contracts';
import { DuplicateKeyError, type Collection, type DocumentStore } from '@limo/platform';
import { newEvent } from '../domain/events.js';
import type { ProviderEvent } from '../payments/payments.port.js';

/** A verified provider event; `_id` is the provider's event id, so a replay cannot be stored twice. */
export interface WebhookEventDoc {
  _id: string;
  provider: PaymentProvider;
  event: ProviderEvent;
  receivedAt: string;
}

export class WebhookEventsRepository {
  private constructor(readonly events: Collection<WebhookEventDoc>) {}

  static async create(store: DocumentStore): Promise<WebhookEventsRepository> {
    return new WebhookEventsRepository(await store.collection<WebhookEventDoc>('webhook_events'));
  }

  /**
   * Stores the event with `payment-provider.event-received.v1` (handled through the bus); false when
   * an event with that id was stored before (a replay or a duplicate delivery).
   */
  async record(provider: PaymentProvider, event: ProviderEvent): Promise<boolean> {
    const received: PaymentProviderEventReceivedV1 = newEvent('payment-provider.event-received.v1', event.objectId, {
      eventId: event.id,
      eventType: event.type,
      provider,
      objectId: event.objectId,
    });
    try {
      await this.events.insertOne({ _id: event.id, provider, event, receivedAt: received.occurredAt }, { events: [received] });
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }

  findById(id: string): Promise<WebhookEventDoc | null> {
    return this.events.findOne({ _id: id });
  }
}
