import { randomUUID } from 'node:crypto';
import type { CurrentUser, RegisterBusinessListingBody } from '@limo/contracts';
import { HttpError, type SignedSession } from '@limo/platform';
import { AccountRefused, type IdentityAccounts, type OnBehalfOf } from '../identity/identity-accounts.port.js';
import type { ListingDoc } from '../repositories/listings.repository.js';
import type { SignUpDoc, SignUpsRepository } from '../repositories/sign-ups.repository.js';
import type { UseCaseDeps } from './context.js';
import { checkListingPayment, registerListing } from './listings.js';

export interface SignUpDeps extends UseCaseDeps {
  accounts: IdentityAccounts;
  signUps: SignUpsRepository;
  /** Tries of the listing step within one request before recovery takes over (default 3). */
  listingAttempts?: number;
}

const UNREACHABLE = 'Registration Failed: accounts cannot be created right now. Please try again.';
const FINISHING = 'Your account was created; your listing is being completed. Sign in in a few minutes to see it.';

/**
 * A visitor's paid-listing sign-up (POST /api/register-business-listing) as one saga with named states
 * (repositories/sign-ups.repository.ts): identity makes the account, then billing the listing. A
 * listing refused after the account was made removes the account again (compensation); one that
 * failed for another reason is retried, here and then by `recoverSignUps`, until it is made.
 */
export async function signUpWithListing(
  d: SignUpDeps,
  body: RegisterBusinessListingBody,
  onBehalfOf: OnBehalfOf,
): Promise<{ listing: ListingDoc; user: CurrentUser; session: SignedSession }> {
  const { userData, companyData } = body;
  const paymentIntentId = body.paymentIntentId ?? companyData.paymentIntentId ?? null;
  // Checked before the account is made, so a bad payment leaves nothing half-written.
  if (paymentIntentId) await checkListingPayment(d, paymentIntentId, { userId: null, email: userData.email });
  const signUp = await d.signUps.start({ _id: randomUUID(), email: userData.email, paymentIntentId, company: companyData });
  let account;
  try {
    account = await d.accounts.create(
      { signUpId: signUp._id, username: userData.username || userData.email, email: userData.email, password: userData.password },
      onBehalfOf,
    );
  } catch (err) {
    if (err instanceof AccountRefused) {
      await d.signUps.move(signUp._id, 'account-requested', 'refused', { failure: err.message });
      throw err;
    }
    // The account may have been made: left `account-requested`, recovery removes any.
    d.logger.error({ err, signUpId: signUp._id }, 'identity did not answer a sign-up');
    throw new HttpError(502, UNREACHABLE);
  }
  const created = await d.signUps.move(signUp._id, 'account-requested', 'account-created', { userId: account.user.id });
  if (!created) throw new HttpError(502, UNREACHABLE);
  const listing = await finishSignUp(d, created, d.listingAttempts ?? 3);
  if (!listing) throw new HttpError(503, FINISHING);
  return { listing, user: account.user, session: account.session };
}

/**
 * The listing step of a sign-up in `account-created`: the listing (then `completed`), or, when billing
 * refuses it (a 4xx: the payment was used meanwhile), the account removed (`compensated`) and that
 * refusal thrown. Null when every attempt failed otherwise: the sign-up stays for recovery.
 */
async function finishSignUp(d: SignUpDeps, signUp: SignUpDoc, attempts: number): Promise<ListingDoc | null> {
  const userId = signUp.userId;
  if (!userId) throw new Error(`sign-up ${signUp._id} has no account`);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const listing = await registerListing(
        d,
        signUp.company,
        { userId, email: signUp.email },
        signUp.paymentIntentId ?? undefined,
        signUp._id,
      );
      await d.signUps.move(signUp._id, 'account-created', 'completed');
      return listing;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) {
        await compensate(d, signUp, 'account-created', err.message);
        throw err;
      }
      d.logger.warn({ err, signUpId: signUp._id, attempt }, 'the listing of a sign-up failed');
    }
  }
  return null;
}

/** Removes the sign-up's account at identity, then marks it `compensated` (left as it was if identity fails). */
async function compensate(d: SignUpDeps, signUp: SignUpDoc, from: SignUpDoc['state'], failure: string): Promise<void> {
  try {
    const removed = await d.accounts.removeSignUpAccount(signUp._id);
    await d.signUps.move(signUp._id, from, 'compensated', { failure });
    d.logger.info({ signUpId: signUp._id, userId: signUp.userId, removed, failure }, 'sign-up compensated: account removed');
  } catch (err) {
    d.logger.error({ err, signUpId: signUp._id }, 'removing the account of a failed sign-up failed; recovery retries');
  }
}

/**
 * Drives sign-ups stuck since before `staleMs` ago to a final state: one whose account's outcome was
 * never known has any such account removed; one with its account gets its listing (or is compensated).
 * Answers how many it took.
 */
async function recoverSignUps(d: SignUpDeps, staleMs: number): Promise<number> {
  const seen = new Set<string>();
  for (;;) {
    const stuck = await d.signUps.takeStuck(new Date(Date.now() - staleMs).toISOString());
    // Once round: one that failed again waits for the next run.
    if (!stuck || seen.has(stuck._id)) return seen.size;
    seen.add(stuck._id);
    if (stuck.state === 'account-requested') {
      await compensate(d, stuck, 'account-requested', 'identity did not answer');
      continue;
    }
    await finishSignUp(d, stuck, 1).catch((err: unknown) => d.logger.info({ err, signUpId: stuck._id }, 'stuck sign-up compensated'));
  }
}

/** The sign-up saga bound to its dependencies, for the route and the recovery timer. */
export class ListingSignUps {
  constructor(private readonly d: SignUpDeps) {}

  signUp(body: RegisterBusinessListingBody, onBehalfOf: OnBehalfOf): ReturnType<typeof signUpWithListing> {
    return signUpWithListing(this.d, body, onBehalfOf);
  }

  recover(staleMs: number): Promise<number> {
    return recoverSignUps(this.d, staleMs);
  }

  find(id: string): Promise<SignUpDoc | null> {
    return this.d.signUps.findById(id);
  }
}
