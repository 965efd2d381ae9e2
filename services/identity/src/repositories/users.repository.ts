import { createHash, randomUUID } from 'node:crypto';
import type { CurrentUser, Role, UserRegisteredV1, UserRemovedV1 } from '@limo/contracts';
import type { Collection, DocumentStore, EventEnvelope } from '@limo/platform';

export interface UserDoc {
  _id: string;
  username: string;
  /** Lower-cased username, unique. */
  usernameKey: string;
  /** Lower-cased e-mail, unique. */
  email: string;
  passwordHash: string;
  role: Role;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string;
  subscriptionEndDate: string | null;
  passwordResetTokenHash: string | null;
  passwordResetExpires: string | null;
  /** When each paid claim naming this account was linked to it, by a digest of the claim id. */
  claimsLinked?: Record<string, string>;
  /** The paid claim this account was created for (a signed-out claimer without an account). */
  createdForClaimId?: string;
  /** The paid-listing sign-up (billing's saga) this account was made for. */
  createdForSignUpId?: string;
  createdAt: string;
}

export const toCurrentUser = (u: UserDoc): CurrentUser => ({ id: u._id, username: u.username, email: u.email, role: u.role });

export class UsersRepository {
  private constructor(readonly users: Collection<UserDoc>) {}

  static async create(store: DocumentStore): Promise<UsersRepository> {
    const users = await store.collection<UserDoc>('users', [
      { fields: { email: 1 }, unique: true },
      { fields: { usernameKey: 1 }, unique: true },
      { fields: { passwordResetTokenHash: 1 } },
      { fields: { role: 1 } },
      { fields: { createdForSignUpId: 1 }, unique: true, sparse: true },
    ]);
    return new UsersRepository(users);
  }

  findById(id: string): Promise<UserDoc | null> {
    return this.users.findOne({ _id: id });
  }

  findByEmail(email: string): Promise<UserDoc | null> {
    return this.users.findOne({ email: email.toLowerCase() });
  }

  findByUsername(username: string): Promise<UserDoc | null> {
    return this.users.findOne({ usernameKey: username.toLowerCase() });
  }

  /** Inserts the user and owes `user.registered.v1`; throws DuplicateKeyError on a taken name or e-mail. */
  async insert(input: {
    username: string;
    email: string;
    passwordHash: string;
    role: Role;
    createdForClaimId?: string;
    createdForSignUpId?: string;
  }): Promise<UserDoc> {
    const now = new Date().toISOString();
    const doc: UserDoc = {
      _id: randomUUID(),
      username: input.username,
      usernameKey: input.username.toLowerCase(),
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      role: input.role,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      subscriptionStatus: 'inactive',
      subscriptionEndDate: null,
      passwordResetTokenHash: null,
      passwordResetExpires: null,
      ...(input.createdForClaimId && { createdForClaimId: input.createdForClaimId }),
      ...(input.createdForSignUpId && { createdForSignUpId: input.createdForSignUpId }),
      createdAt: now,
    };
    const event: UserRegisteredV1 = {
      id: randomUUID(),
      type: 'user.registered.v1',
      occurredAt: now,
      key: doc._id,
      data: { userId: doc._id, username: doc.username, email: doc.email, role: doc.role, createdAt: now },
    };
    return this.users.insertOne(doc, { events: [event] });
  }

  findBySignUp(signUpId: string): Promise<UserDoc | null> {
    return this.users.findOne({ createdForSignUpId: signUpId });
  }

  /**
   * Removes the account made for a paid-listing sign-up that did not complete (billing's
   * compensation), owing `user.removed.v1`; null if none.
   */
  async removeSignUpAccount(signUpId: string): Promise<UserDoc | null> {
    const user = await this.users.findOne({ createdForSignUpId: signUpId });
    if (!user) return null;
    const removedAt = new Date().toISOString();
    const event: UserRemovedV1 = {
      id: randomUUID(),
      type: 'user.removed.v1',
      occurredAt: removedAt,
      key: user._id,
      data: { userId: user._id, removedAt, reason: 'sign-up-compensated' },
    };
    return this.users.deleteOne({ _id: user._id, createdForSignUpId: signUpId }, { events: [event] });
  }

  /** Stores a reset token's hash and expiry, owing the event that sends the mail. */
  setResetToken(userId: string, tokenHash: string, expiresAt: string, event: EventEnvelope): Promise<UserDoc | null> {
    return this.users.updateOne(
      { _id: userId },
      { $set: { passwordResetTokenHash: tokenHash, passwordResetExpires: expiresAt } },
      { events: [event] },
    );
  }

  /**
   * Links a paid claim's claimer to this account in one write, once per claim: the reset token its
   * mail carries and the events owed (the mail's, the link's). Null when the claim was linked already,
   * so a claim.submitted.v1 redelivered after a crash mails and links nothing twice.
   */
  linkClaimant(userId: string, claimId: string, tokenHash: string, expiresAt: string, events: EventEnvelope[]): Promise<UserDoc | null> {
    // A digest as the field name: whatever the id holds, it is one plain key.
    const field = `claimsLinked.${createHash('sha256').update(claimId).digest('hex').slice(0, 32)}`;
    return this.users.updateOne(
      { _id: userId, [field]: { $exists: false } },
      { $set: { passwordResetTokenHash: tokenHash, passwordResetExpires: expiresAt, [field]: new Date().toISOString() } },
      { events },
    );
  }

  findByValidResetToken(tokenHash: string, now: Date): Promise<UserDoc | null> {
    return this.users.findOne({ passwordResetTokenHash: tokenHash, passwordResetExpires: { $gt: now.toISOString() } });
  }

  /** Sets the new password and burns the token in one write; null when the token was used meanwhile. */
  consumeResetToken(userId: string, tokenHash: string, passwordHash: string): Promise<UserDoc | null> {
    return this.users.updateOne(
      { _id: userId, passwordResetTokenHash: tokenHash },
      { $set: { passwordHash, passwordResetTokenHash: null, passwordResetExpires: null } },
    );
  }

  setRole(userId: string, role: Role): Promise<UserDoc | null> {
    return this.users.updateOne({ _id: userId }, { $set: { role } });
  }

  listByRole(role: Role): Promise<UserDoc[]> {
    return this.users.find({ role }, { sort: { createdAt: -1 } });
  }

  count(filter: Parameters<Collection<UserDoc>['count']>[0] = {}): Promise<number> {
    return this.users.count(filter);
  }
}
