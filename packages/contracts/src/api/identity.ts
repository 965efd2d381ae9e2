import { z } from 'zod';
import { roleSchema } from '../events/identity.events.js';
import { requiredString, requiredText } from './common.js';

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
  email: requiredText('Please enter your email address', 254, 'Please enter a valid email address').email(
    'Please enter a valid email address',
  ),
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

/**
 * POST /internal/accounts (billing's IdentityAccounts port, internal secret only): the business
 * account of a paid-listing sign-up, made once per `signUpId` however often it is asked.
 */
export const internalAccountBodySchema = registerBodySchema.omit({ role: true }).extend({
  signUpId: z.string().uuid(),
});
export type InternalAccountBody = z.infer<typeof internalAccountBodySchema>;

/** The account made and a session for it, which the caller hands to the client as the session cookie. */
export const internalAccountResponseSchema = z.object({
  user: currentUserSchema,
  session: z.object({ token: z.string().min(1), maxAgeSeconds: z.number().int().positive() }),
});
export type InternalAccountResponse = z.infer<typeof internalAccountResponseSchema>;

/** DELETE /internal/accounts/by-sign-up/{signUpId}: whether an account made for that sign-up was removed. */
export const internalAccountRemovedSchema = z.object({ removed: z.boolean() });

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

/** The support address the /contact form writes to (and the pages show). */
export const SUPPORT_EMAIL = 'support@limodirectory.com';

/** What a /contact message is about. */
export const CONTACT_TOPICS = ['Sales', 'Billing', 'Technical support', 'Listing or claim', 'Other'] as const;

/** `POST /api/contact`: the /contact page's form, mailed to support. */
export const contactBodySchema = z.object({
  name: requiredText('Please enter your name', 100, 'Name must be at most 100 characters'),
  email: requiredString('Please enter a valid email address')
    .trim()
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
  phone: z.string({ error: 'Phone must be text' }).trim().max(40, 'Phone must be at most 40 characters').optional(),
  company: z.string({ error: 'Company must be text' }).trim().max(200, 'Company must be at most 200 characters').optional(),
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic' }),
  message: requiredString('Please enter a message of at least 10 characters')
    .trim()
    .min(10, 'Please enter a message of at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
