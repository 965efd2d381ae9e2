import { conflict, DuplicateKeyError, type RateLimitRule } from '@limo/platform';
import { hashPassword } from '../domain/passwords.js';
import type { UserDoc, UsersRepository } from '../repositories/users.repository.js';
import type { IdentitySettings } from '../settings.js';

const EMAIL_TAKEN = 'An account with this email already exists';
const USERNAME_TAKEN = 'This username is already taken';

/**
 * The sign-up limit of one client address, shared by `POST /api/register` and the accounts billing
 * asks for on a visitor's behalf (`POST /internal/accounts`): one bucket per visitor, whichever way in.
 */
export const signUpLimit = (ip: string, settings: IdentitySettings): RateLimitRule => ({
  key: `register:ip:${ip}`,
  limit: settings.REGISTER_RATE_LIMIT_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  message: 'Too many accounts created from this address. Please try again later.',
});

/**
 * Creates a business account (409 on a taken e-mail or username). With `signUpId` (a paid-listing
 * sign-up) it is made once: asked again for the same sign-up, the account made the first time is
 * answered, so the caller may retry a call whose answer it lost.
 */
export async function registerAccount(
  users: UsersRepository,
  input: { username: string; email: string; password: string; signUpId?: string },
): Promise<UserDoc> {
  const { username, email, password, signUpId } = input;
  const made = signUpId ? await users.findBySignUp(signUpId) : null;
  if (made) return made;
  if (await users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
  if (await users.findByUsername(username)) throw conflict(USERNAME_TAKEN);
  const passwordHash = await hashPassword(password);
  try {
    return await users.insert({ username, email, passwordHash, role: 'business', createdForSignUpId: signUpId });
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    // Lost a race with a concurrent registration of the same name or e-mail (or the same sign-up).
    const raced = signUpId ? await users.findBySignUp(signUpId) : null;
    if (raced) return raced;
    throw conflict((await users.findByEmail(email)) ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
}
