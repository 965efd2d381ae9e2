import type {
  PaymentProvider,
  SubscriptionActivatedV1,
  SubscriptionCanceledV1,
  SubscriptionStatus,
  SubscriptionView,
} from '@limo/contracts';
import type { Collection, DocumentStore, EventEnvelope } from '@limo/platform';
import { newEvent } from '../domain/events.js';
import { acceptsReport, owedAnnouncement, type Announced } from '../domain/lifecycle.js';
import type { CardView, SubscriptionState } from '../payments/payments.port.js';

/** A company's yearly subscription, as billing knows it from the provider. */
export interface SubscriptionDoc {
  /** The provider's subscription id. */
  _id: string;
  provider: PaymentProvider;
  companyId: string | null;
  userId: string | null;
  customerId: string;
  /** The first invoice's PaymentIntent. */
  paymentIntentId: string;
  email: string | null;
  /** Cents a year. */
  amount: number;
  status: SubscriptionStatus;
  statusAt: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  announced: Announced;
  /** A claim's subscription is `pending` until the admin approves the claim (announced premium only then). */
  verification?: 'pending' | 'verified';
  /** The card the owner put on the subscription after the checkout (the renewals charge it); else the first payment's. */
  card?: CardView | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export function toSubscriptionView(doc: SubscriptionDoc): SubscriptionView {
  return {
    subscriptionId: doc._id,
    companyId: doc.companyId,
    userId: doc.userId,
    status: doc.status,
    currentPeriodEnd: doc.currentPeriodEnd,
    cancelAtPeriodEnd: doc.cancelAtPeriodEnd,
    canceledAt: doc.canceledAt,
    createdAt: doc.createdAt,
    amount: doc.amount,
    provider: doc.provider,
    verification: doc.verification ?? 'verified',
  };
}

const MAX_ATTEMPTS = 8;

/** Subscriptions, with the lifecycle rules applied on every write and the announcements they owe. */
export class SubscriptionsRepository {
  private constructor(readonly subscriptions: Collection<SubscriptionDoc>) {}

  static async create(store: DocumentStore): Promise<SubscriptionsRepository> {
    return new SubscriptionsRepository(
      await store.collection<SubscriptionDoc>('subscriptions', [
        { fields: { companyId: 1 } },
        { fields: { userId: 1 } },
        { fields: { status: 1 } },
      ]),
    );
  }

  insert(doc: Omit<SubscriptionDoc, 'version' | 'announced' | 'updatedAt'>): Promise<SubscriptionDoc> {
    return this.subscriptions.insertOne({ ...doc, announced: 'none', updatedAt: doc.createdAt, version: 1 });
  }

  findById(id: string): Promise<SubscriptionDoc | null> {
    return this.subscriptions.findOne({ _id: id });
  }

  find(filter: Parameters<Collection<SubscriptionDoc>['find']>[0]): Promise<SubscriptionDoc[]> {
    return this.subscriptions.find(filter, { sort: { createdAt: -1, _id: 1 } });
  }

  count(filter: Parameters<Collection<SubscriptionDoc>['count']>[0]): Promise<number> {
    return this.subscriptions.count(filter);
  }

  /** Records the card the owner put on the subscription. */
  async setCard(id: string, card: CardView): Promise<SubscriptionDoc | null> {
    return this.subscriptions.updateOne({ _id: id }, { $set: { card, updatedAt: new Date().toISOString() }, $inc: { version: 1 } });
  }

  /** Applies a state the provider reported at `at` (an event's time, or now for a fresh read). */
  applyProviderState(id: string, state: SubscriptionState, at: string): Promise<SubscriptionDoc | null> {
    return this.change(id, (current) => {
      if (!acceptsReport(current, { status: state.status, cancelAtPeriodEnd: state.cancelAtPeriodEnd, at })) return null;
      return {
        status: state.status,
        statusAt: at > current.statusAt ? at : current.statusAt,
        currentPeriodEnd: state.currentPeriodEnd ?? current.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        canceledAt: state.canceledAt ?? current.canceledAt,
      };
    });
  }

  /** Records the owner and company once known (claimer's account linked, listing registered). */
  setOwner(
    id: string,
    owner: { userId?: string; companyId?: string; verification?: 'pending' | 'verified' },
  ): Promise<SubscriptionDoc | null> {
    return this.change(id, (current) => {
      const set: Partial<SubscriptionDoc> = {};
      if (owner.verification && (current.verification ?? 'verified') !== owner.verification) set.verification = owner.verification;
      if (owner.userId && current.userId !== owner.userId) set.userId = owner.userId;
      if (owner.companyId && current.companyId !== owner.companyId) set.companyId = owner.companyId;
      return Object.keys(set).length ? set : null;
    });
  }

  /**
   * Changes one subscription with optimistic concurrency; `build` returns the fields to set or null.
   * The write carries `subscription.activated.v1` / `subscription.canceled.v1` when the new state owes one.
   */
  private async change(id: string, build: (current: SubscriptionDoc) => Partial<SubscriptionDoc> | null): Promise<SubscriptionDoc | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.findById(id);
      if (!current) return null;
      const set = build(current);
      if (!set) return current;
      const now = new Date().toISOString();
      const next: SubscriptionDoc = { ...current, ...set, updatedAt: now, version: current.version + 1 };
      const events: EventEnvelope[] = [];
      const owed = owedAnnouncement(next);
      if (owed === 'activated') {
        next.announced = 'active';
        const data: SubscriptionActivatedV1['data'] = {
          subscriptionId: next._id,
          companyId: next.companyId!,
          userId: next.userId!,
          status: 'active',
          startedAt: next.createdAt,
          currentPeriodEnd: next.currentPeriodEnd,
        };
        events.push(newEvent('subscription.activated.v1', next.companyId!, data, now));
      } else if (owed === 'canceled') {
        next.announced = 'canceled';
        const data: SubscriptionCanceledV1['data'] = {
          subscriptionId: next._id,
          companyId: next.companyId!,
          userId: next.userId!,
          canceledAt: next.canceledAt ?? now,
          endedAt: next.currentPeriodEnd && next.currentPeriodEnd < now ? next.currentPeriodEnd : now,
        };
        events.push(newEvent('subscription.canceled.v1', next.companyId!, data, now));
      }
      const { _id, ...fields } = next;
      const written = await this.subscriptions.updateOne({ _id, version: current.version }, { $set: fields }, { events });
      if (written) return written;
    }
    throw new Error(`subscription ${id}: too many concurrent writes`);
  }
}
