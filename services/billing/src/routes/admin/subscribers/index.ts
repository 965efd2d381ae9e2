import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsResponseSchema, adminSubscribersResponseSchema, type Subscriber } from '@limo/contracts';
import type { BillingDeps } from '../../../deps.js';
import { YEARLY_PRICE_DOLLARS } from '../../../domain/plans.js';
import type { SubscriptionDoc } from '../../../repositories/subscriptions.repository.js';
import { LIVE_USERS } from '../../../repositories/read-models.repository.js';

/** The subscription that speaks for a user: an active one first, else the newest. */
function representative(subs: SubscriptionDoc[]): SubscriptionDoc | undefined {
  return subs.find((s) => s.status === 'active') ?? subs[0];
}

/** GET /api/admin/subscribers and GET /api/admin/stats: billing's truth, with user counts from identity's events. */
export async function subscribersRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/subscribers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Business accounts with their subscription state (billing’s records), newest first',
        response: { 200: adminSubscribersResponseSchema },
      },
    },
    async (): Promise<Subscriber[]> => {
      const users = await deps.readModels.users.find({ ...LIVE_USERS, role: 'business' }, { sort: { createdAt: -1, _id: 1 } });
      const subs = await deps.subscriptions.find({ userId: { $ne: null } });
      const byUser = new Map<string, SubscriptionDoc[]>();
      for (const s of subs) byUser.set(s.userId!, [...(byUser.get(s.userId!) ?? []), s]);
      return users.map((u) => {
        const sub = representative(byUser.get(u._id) ?? []);
        return {
          id: u._id,
          username: u.username,
          email: u.email,
          subscription_status: sub?.status ?? 'inactive',
          subscription_end_date: sub?.currentPeriodEnd ?? null,
          created_at: u.createdAt,
          stripe_customer_id: sub?.customerId ?? null,
        };
      });
    },
  );

  r.get(
    '/api/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Active subscriptions, annual revenue (in dollars, under the spec’s name monthlyRevenue) and user counts',
        response: { 200: adminStatsResponseSchema },
      },
    },
    async () => {
      const [activeSubscriptions, totalUsers, businessUsers, adminUsers] = await Promise.all([
        // Every paid subscription bound to a company: owned ones and paid claims awaiting review
        // (a visitor's listing payment whose listing is not registered yet has no company).
        deps.subscriptions.count({ status: 'active', companyId: { $ne: null } }),
        deps.readModels.users.count(LIVE_USERS),
        deps.readModels.users.count({ ...LIVE_USERS, role: 'business' }),
        deps.readModels.users.count({ ...LIVE_USERS, role: 'admin' }),
      ]);
      // Every subscription is the $75/year plan: the figure is annual, as the admin card labels it.
      return { activeSubscriptions, monthlyRevenue: activeSubscriptions * YEARLY_PRICE_DOLLARS, totalUsers, businessUsers, adminUsers };
    },
  );
}
