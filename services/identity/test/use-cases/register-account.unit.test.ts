import { beforeEach, describe, expect, it } from 'vitest';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { refusal } from '@limo/platform/testing';
import { verifyPassword } from '../../src/domain/passwords.js';
import { UsersRepository } from '../../src/repositories/users.repository.js';
import { identityEnvSchema } from '../../src/settings.js';
import { registerAccount, signUpLimit } from '../../src/use-cases/register-account.js';

// The rules of POST /api/register and of the accounts billing asks for (POST /internal/accounts).
const EMAIL_TAKEN = 'An account with this email already exists';
const USERNAME_TAKEN = 'This username is already taken';
const ann = { username: 'ann', email: 'ann@example.com', password: 'secret1' };

/** The repository as it is once `competitor` registered between our checks and our insert. */
function racedBy(users: UsersRepository, competitor: Parameters<UsersRepository['insert']>[0]): UsersRepository {
  let first = true;
  return Object.assign(Object.create(users) as UsersRepository, {
    insert: async (input: Parameters<UsersRepository['insert']>[0]) => {
      if (first) {
        first = false;
        await users.insert(competitor);
      }
      return users.insert(input);
    },
  });
}

describe('registering an account', () => {
  let users: UsersRepository;
  beforeEach(async () => {
    users = await UsersRepository.create(await NedbDocumentStore.create());
  });

  it('creates a business account whose password signs in, the e-mail kept in lower case', async () => {
    const made = await registerAccount(users, { ...ann, email: 'Ann@Example.com' });
    expect(made).toMatchObject({ username: 'ann', email: 'ann@example.com', role: 'business' });
    expect(await verifyPassword(made.passwordHash, 'secret1')).toBe(true);
    expect(await users.findById(made._id)).toMatchObject({ username: 'ann' });
  });

  it('refuses a taken e-mail, then a taken username, with 409', async () => {
    await registerAccount(users, ann);
    expect(await refusal(registerAccount(users, { ...ann, username: 'bob' }))).toEqual({ status: 409, message: EMAIL_TAKEN });
    expect(await refusal(registerAccount(users, { ...ann, username: 'ANN', email: 'other@example.com' }))).toEqual({
      status: 409,
      message: USERNAME_TAKEN,
    });
  });

  it('answers the same account when a sign-up asks again, and 409 to another sign-up with that e-mail', async () => {
    const first = await registerAccount(users, { ...ann, signUpId: 's1' });
    expect(await registerAccount(users, { ...ann, signUpId: 's1' })).toMatchObject({ _id: first._id });
    expect(await refusal(registerAccount(users, { ...ann, username: 'bob', signUpId: 's2' }))).toEqual({
      status: 409,
      message: EMAIL_TAKEN,
    });
  });

  it('answers 409 to the loser of a race for the same e-mail or username', async () => {
    const rival = { username: 'rival', passwordHash: 'x', role: 'business' as const };
    const byEmail = racedBy(users, { ...rival, email: 'ann@example.com' });
    expect(await refusal(registerAccount(byEmail, ann))).toEqual({ status: 409, message: EMAIL_TAKEN });
    const byName = racedBy(users, { ...rival, username: 'bob', email: 'bob@example.com' });
    expect(await refusal(registerAccount(byName, { ...ann, username: 'bob', email: 'new@example.com' }))).toEqual({
      status: 409,
      message: USERNAME_TAKEN,
    });
  });

  it('answers the account of a sign-up whose concurrent retry made it first', async () => {
    const raced = racedBy(users, {
      username: 'ann',
      email: 'ann@example.com',
      passwordHash: 'x',
      role: 'business',
      createdForSignUpId: 's1',
    });
    const made = await registerAccount(raced, { ...ann, signUpId: 's1' });
    expect(made).toMatchObject({ username: 'ann', createdForSignUpId: 's1' });
    expect(await users.findByEmail('ann@example.com')).toMatchObject({ _id: made._id });
  });

  it('lets any other storage failure through', async () => {
    const broken = Object.assign(Object.create(users) as UsersRepository, {
      insert: () => Promise.reject(new Error('disk full')),
    });
    await expect(registerAccount(broken, ann)).rejects.toThrow('disk full');
  });
});

describe('the sign-up limit', () => {
  it('counts the accounts one address creates in an hour, whichever way in, up to the setting', () => {
    const settings = identityEnvSchema.parse({ REGISTER_RATE_LIMIT_PER_HOUR: '7' });
    const rule = signUpLimit('203.0.113.9', settings);
    expect(rule).toEqual({
      key: 'register:ip:203.0.113.9',
      limit: 7,
      windowMs: 3_600_000,
      message: 'Too many accounts created from this address. Please try again later.',
    });
    expect(signUpLimit('203.0.113.10', settings).key).not.toBe(rule.key);
  });
});
