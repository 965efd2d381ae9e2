import { z } from 'zod';
import { eventSchema } from './envelope.js';

export const roleSchema = z.enum(['user', 'business', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const userRegisteredV1 = eventSchema('user.registered.v1', {
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1>;

/**
 * An account is gone: today only the one a paid-listing sign-up made when the listing could not be
 * registered (billing's saga compensates). Copies of the account (billing's user counts) drop it.
 */
export const userRemovedV1 = eventSchema('user.removed.v1', {
  userId: z.string(),
  removedAt: z.string(),
  reason: z.literal('sign-up-compensated'),
});
export type UserRemovedV1 = z.infer<typeof userRemovedV1>;

/**
 * Asks for the reset mail. It carries the one-time link because the mail is sent by a consumer;
 * the bus is internal, and only the token's hash is stored with the user.
 */
export const passwordResetRequestedV1 = eventSchema('password-reset.requested.v1', {
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  resetUrl: z.string().url(),
  expiresAt: z.string(),
  /**
   * `claim-account`: the account was just made for a paid claim; the mail asks to set a first password.
   * `claim-existing`: a signed-out paid claim named an existing account; the mail says sign in or reset the password.
   */
  purpose: z.enum(['reset', 'claim-account', 'claim-existing']).optional(),
  /** The claimed company's name, with `claim-account` and `claim-existing`. */
  companyName: z.string().optional(),
});
export type PasswordResetRequestedV1 = z.infer<typeof passwordResetRequestedV1>;
