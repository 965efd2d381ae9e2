import type { BusinessListingBody } from '@limo/contracts';
import type { Collection, DocumentStore } from '@limo/platform';

/**
 * The states of a paid-listing sign-up (account at identity, then listing at billing):
 * - `account-requested`: recorded, identity asked for the account (its outcome unknown until answered);
 * - `account-created`: identity made the account; the listing is still to be made;
 * - `completed`: the listing was made for the account (final);
 * - `refused`: identity refused the account, nothing was made (final);
 * - `compensated`: the listing was refused, so the account was removed again (final).
 * No final state leaves an account without its listing; recovery drives a stuck one to one.
 */
export type SignUpState = 'account-requested' | 'account-created' | 'completed' | 'refused' | 'compensated';

export interface SignUpDoc {
  /** The sign-up id; also the listing's (the directory's company) id. */
  _id: string;
  state: SignUpState;
  email: string;
  paymentIntentId: string | null;
  company: BusinessListingBody;
  userId: string | null;
  /** Why the sign-up ended without a listing (the message the visitor was given). */
  failure: string | null;
  createdAt: string;
  /** Last step; a sign-up not final and not touched for a while is stuck (recovery takes it). */
  updatedAt: string;
}

export class SignUpsRepository {
  private constructor(readonly signUps: Collection<SignUpDoc>) {}

  static async create(store: DocumentStore): Promise<SignUpsRepository> {
    return new SignUpsRepository(await store.collection<SignUpDoc>('listing_sign_ups', [{ fields: { state: 1, updatedAt: 1 } }]));
  }

  start(doc: Omit<SignUpDoc, 'state' | 'userId' | 'failure' | 'createdAt' | 'updatedAt'>): Promise<SignUpDoc> {
    const now = new Date().toISOString();
    return this.signUps.insertOne({ ...doc, state: 'account-requested', userId: null, failure: null, createdAt: now, updatedAt: now });
  }

  findById(id: string): Promise<SignUpDoc | null> {
    return this.signUps.findOne({ _id: id });
  }

  /** Moves the sign-up from `from` to `to` (null when it was not in `from`: someone else moved it). */
  move(
    id: string,
    from: SignUpState,
    to: SignUpState,
    set: Partial<Pick<SignUpDoc, 'userId' | 'failure'>> = {},
  ): Promise<SignUpDoc | null> {
    return this.signUps.updateOne({ _id: id, state: from }, { $set: { ...set, state: to, updatedAt: new Date().toISOString() } });
  }

  /**
   * Takes one sign-up stuck in a non-final state since before `before` for recovery: its `updatedAt`
   * is bumped in the same write, so another instance's recovery does not take it too.
   */
  async takeStuck(before: string): Promise<SignUpDoc | null> {
    for (const stuck of await this.signUps.find(
      { state: { $in: ['account-requested', 'account-created'] }, updatedAt: { $lte: before } },
      { sort: { updatedAt: 1 }, limit: 10 },
    )) {
      const taken = await this.signUps.updateOne(
        { _id: stuck._id, state: stuck.state, updatedAt: stuck.updatedAt },
        { $set: { updatedAt: new Date().toISOString() } },
      );
      if (taken) return taken;
    }
    return null;
  }
}
