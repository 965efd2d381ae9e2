import { z } from 'zod';
import { roleSchema } from '../events/identity.events.js';
import { requiredString } from './common.js';

/** Public-side §5: login. */
export const loginBodySchema = z.object({
  email: requiredString('Please enter a valid email address')
    .trim()
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
  password: requiredString('Password is required').min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Public-side §5: registration. The role is accepted but ignored: the server always creates `business`. */
export const registerBodySchema = z.object({
  username: requiredString('Username must be at least 3 characters')
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(100, 'Username must be at most 100 characters'),
  email: requiredString('Please enter a valid email address')
    .trim()
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
  password: requiredString('Password must be at least 6 characters')
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
  role: z.string().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Owner-admin side §5: forgot password. */
export const forgotPasswordBodySchema = z.object({
  email: requiredString('Please enter your email address')
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
});

/** Owner-admin side §5: reset password. */
export const resetPasswordBodySchema = z.object({
  token: requiredString('Reset token is missing').min(1, 'Reset token is missing').max(200, 'Invalid or expired reset token'),
  newPassword: requiredString('Password must be at least 6 characters long')
    .min(6, 'Password must be at least 6 characters long')
    .max(200, 'Password must be at most 200 characters'),
});

/** The signed-in user as `/api/me`, `/api/login` and `/api/register` return it. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Owner-admin side §3: Subscriber. */
export const subscriberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  subscription_status: z.string(),
  subscription_end_date: z.string().nullable(),
  created_at: z.string(),
  stripe_customer_id: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** Owner-admin side §3: Stats (monthlyRevenue is shown as annual revenue). */
export const adminStatsSchema = z.object({
  activeSubscriptions: z.number().int(),
  monthlyRevenue: z.number(),
  totalUsers: z.number().int(),
  businessUsers: z.number().int(),
  adminUsers: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
