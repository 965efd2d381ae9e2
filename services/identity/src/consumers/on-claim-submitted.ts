import { randomBytes, randomUUID } from 'node:crypto';
import type { ClaimClaimantLinkedV1, ClaimSubmittedV1, PasswordResetRequestedV1 } from '@limo/contracts';
import { DuplicateKeyError, type EventHandler, type ServiceContext } from '@limo/platform';
import { hashPassword } from '../domain/passwords.js';
import { newResetToken, RESET_TOKEN_TTL_MS } from '../domain/reset-token.js';
import type { UserDoc, UsersRepository } from '../repositories/users.repository.js';

/** A free username from the claimer's e-mail (the registration form uses the e-mail as username too). */
async function freeUsername(users: UsersRepository, email: string): Promise<string> {
  if (!(await users.findByUsername(email))) return email;
  return `${email}-${randomBytes(3).toString('hex')}`;
}

/**
 * A paid claim names its claimer. A claimer who was signed in is already known. A signed-out payer
 * who named the e-mail of an existing account gets nothing linked and no mail is sent to that account
 * (anyone can type an e-mail: the claim stays unlinked and billing flags it for the admin). Otherwise
 * a business account is created with an unusable password and a set-password link is mailed through
 * the reset flow (password-reset.requested.v1, one hour); billing learns it from `claim.claimant-linked.v1`.
 */
export const onClaimSubmitted =
  (ctx: ServiceContext, users: UsersRepository): EventHandler<ClaimSubmittedV1> =>
  async ({ data }) => {
    if (data.userId) return;
    let user: UserDoc | null = await users.findByEmail(data.claimerEmail);
    // Someone else's account (or one registered meanwhile): not linked, not mailed.
    if (user && user.createdForClaimId !== data.claimId) return;
    if (!user) {
      try {
        user = await users.insert({
          username: await freeUsername(users, data.claimerEmail),
          email: data.claimerEmail,
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
          role: 'business',
          createdForClaimId: data.claimId,
        });
      } catch (err) {
        // A concurrent delivery of this claim made it first: link that one (once, see linkClaimant).
        if (!(err instanceof DuplicateKeyError)) throw err;
        user = await users.findByEmail(data.claimerEmail);
        if (user?.createdForClaimId !== data.claimId) return;
      }
    }
    const now = new Date();
    const linked: ClaimClaimantLinkedV1 = {
      id: randomUUID(),
      type: 'claim.claimant-linked.v1',
      occurredAt: now.toISOString(),
      key: data.claimId,
      data: { claimId: data.claimId, companyId: data.companyId, userId: user._id, email: user.email, accountCreated: true },
    };
    // The new account chooses its first password.
    const { token, tokenHash } = newResetToken();
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
    const reset: PasswordResetRequestedV1 = {
      id: randomUUID(),
      type: 'password-reset.requested.v1',
      occurredAt: now.toISOString(),
      key: user._id,
      data: {
        userId: user._id,
        email: user.email,
        username: user.username,
        resetUrl: `${ctx.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`,
        expiresAt,
        purpose: 'claim-account',
        companyName: data.companyName,
      },
    };
    await users.linkClaimant(user._id, data.claimId, tokenHash, expiresAt, [reset, linked]);
  };
