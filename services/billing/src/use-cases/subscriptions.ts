import { conflict, notFound } from '@limo/platform';
import { allows, subscriptionState } from '../domain/lifecycle.js';
import type { UseCaseDeps } from './context.js';

/** Cancels at the end of the paid period (the listing stays active until then); an unpaid one ends now. */
export async function cancelSubscription(d: UseCaseDeps, id: string): Promise<void> {
  const sub = await d.subscriptions.findById(id);
  if (!sub) throw notFound('Subscription not found');
  if (sub.status === 'canceled') throw conflict('This subscription has already ended');
  const atPeriodEnd = sub.status === 'active';
  const from = subscriptionState(sub);
  if (!allows('subscription', from, atPeriodEnd ? 'schedule_cancel' : 'cancel'))
    throw conflict(`A subscription that is ${from.replace(/_/g, ' ')} cannot be canceled`);
  const provider = await d.registry.current();
  const state = await provider.cancelSubscription(id, { atPeriodEnd, idempotencyKey: `cancel:${id}:${sub.version}` });
  await d.subscriptions.applyProviderState(id, state, new Date().toISOString());
}
