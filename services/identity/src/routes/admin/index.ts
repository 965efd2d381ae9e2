import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminStatsSchema, errorResponseSchema, subscriberSchema } from '@limo/contracts';
import type { ServiceContext } from '@limo/platform';
import { YEARLY_PLAN_PRICE_DOLLARS } from '../../domain/plan.js';
import type { UsersRepository } from '../../repositories/users.repository.js';

/** GET /api/admin/subscribers and GET /api/admin/stats (admin only). */
export async function adminRoutes(app: FastifyInstance, opts: { ctx: ServiceContext; users: UsersRepository }) {
  const { users } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  r.get(
    '/api/admin/subscribers',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Business accounts with their subscription state, newest first',
        response: { 200: z.array(subscriberSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () =>
      (await users.listByRole('business')).map((u) => ({
        id: u._id,
        username: u.username,
        email: u.email,
        subscription_status: u.subscriptionStatus,
        subscription_end_date: u.subscriptionEndDate,
        created_at: u.createdAt,
        stripe_customer_id: u.stripeCustomerId,
      })),
  );

  r.get(
    '/api/admin/stats',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'User and subscription counts for the admin overview',
        response: { 200: adminStatsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const [totalUsers, businessUsers, adminUsers, activeSubscriptions] = await Promise.all([
        users.count({}),
        users.count({ role: 'business' }),
        users.count({ role: 'admin' }),
        users.count({ subscriptionStatus: 'active' }),
      ]);
      // The dashboard labels this figure "annual revenue": every subscription is the $75/year plan.
      return { activeSubscriptions, monthlyRevenue: activeSubscriptions * YEARLY_PLAN_PRICE_DOLLARS, totalUsers, businessUsers, adminUsers };
    },
  );
}
