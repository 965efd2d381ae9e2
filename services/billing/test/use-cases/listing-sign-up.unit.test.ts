import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { HttpError } from '@limo/platform';
import { AccountRefused } from '../../src/identity/identity-accounts.port.js';
import { SignUpsRepository } from '../../src/repositories/sign-ups.repository.js';
import { ListingSignUps } from '../../src/use-cases/listing-sign-up.js';
import { FakeAccounts } from '../fake-accounts.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, listingForm, paidCheckout, type BillingWorld } from './support.js';

// POST /api/register-business-listing: a visitor's account (identity) and paid listing (billing) as one saga
// that never leaves an account without its listing.
const onBehalfOf = { ip: '203.0.113.7', id: 'req-1' };
const UNREACHABLE = 'Registration Failed: accounts cannot be created right now. Please try again.';

describe("a visitor's paid-listing sign-up", () => {
  let w: BillingWorld;
  let accounts: FakeAccounts;
  let signUps: ListingSignUps;
  beforeEach(async () => {
    w = await billingWorld();
    accounts = new FakeAccounts();
    const repository = await SignUpsRepository.create(await NedbDocumentStore.create());
    signUps = new ListingSignUps({ ...w.d, accounts, signUps: repository, listingAttempts: 2 });
  });

  const form = (email: string, paymentIntentId?: string) => ({
    userData: { email, password: 'secret1' },
    companyData: listingForm('Dana Limos'),
    ...(paymentIntentId && { paymentIntentId }),
  });
  const paid = async (email: string) =>
    (await paidCheckout(w, { plan: 'listing', metadata: { companyName: 'Dana Limos', email } }, null)).paymentIntent;

  it('makes the account, then its paid listing, and completes', async () => {
    const paymentIntent = await paid('dana@example.com');
    const made = await signUps.signUp(form('Dana@Example.com', paymentIntent), onBehalfOf);
    expect(made.user).toMatchObject({ email: 'dana@example.com', username: 'Dana@Example.com', role: 'business' });
    expect(made.session.token).toBe(`token-${accounts.lastSignUp()}`);
    expect(made.listing).toMatchObject({
      _id: accounts.lastSignUp(),
      status: 'paid',
      userId: made.user.id,
      paymentIntentId: paymentIntent,
    });
    expect(await signUps.find(accounts.lastSignUp())).toMatchObject({ state: 'completed', userId: made.user.id });
  });

  it('checks the payment before any account is made', async () => {
    const paymentIntent = await paid('dana@example.com');
    const { status, message } = await refusal(signUps.signUp(form('eve@example.com', paymentIntent), onBehalfOf));
    expect(status).toBe(403);
    expect(message).toMatch(/^This payment was not made by you\./);
    expect(accounts.asked).toEqual([]);
  });

  it("passes identity's refusal on and leaves nothing made", async () => {
    accounts.refusal = new AccountRefused(409, 'An account with this email already exists');
    expect(await refusal(signUps.signUp(form('dana@example.com'), onBehalfOf))).toEqual({
      status: 409,
      message: 'An account with this email already exists',
    });
    expect(await signUps.find(accounts.lastSignUp())).toMatchObject({
      state: 'refused',
      failure: 'An account with this email already exists',
    });
    expect(await w.d.listings.listings.count({})).toBe(0);
  });

  it('answers 502 when identity does not answer, and recovery removes any account it made', async () => {
    accounts.afterCreate = () => Promise.reject(new Error('identity went away'));
    expect(await refusal(signUps.signUp(form('dana@example.com'), onBehalfOf))).toEqual({ status: 502, message: UNREACHABLE });
    const id = accounts.lastSignUp();
    expect(await signUps.find(id)).toMatchObject({ state: 'account-requested' });
    expect(accounts.accounts.has(id)).toBe(true);

    expect(await signUps.recover(-1_000)).toBe(1);
    expect(accounts.accounts.has(id)).toBe(false);
    expect(await signUps.find(id)).toMatchObject({ state: 'compensated', failure: 'identity did not answer' });
    expect(await signUps.recover(-1_000)).toBe(0);
  });

  it('removes the account again when its listing is refused (the payment used meanwhile)', async () => {
    const paymentIntent = await paid('dana@example.com');
    accounts.afterCreate = async () => {
      await w.d.payments.bindListing(paymentIntent, randomUUID(), 'someone-else');
    };
    expect(await refusal(signUps.signUp(form('dana@example.com', paymentIntent), onBehalfOf))).toEqual({
      status: 409,
      message: 'This payment was already used for a listing',
    });
    const id = accounts.lastSignUp();
    expect(accounts.accounts.has(id)).toBe(false);
    expect(await signUps.find(id)).toMatchObject({ state: 'compensated', failure: 'This payment was already used for a listing' });
  });

  it('answers 503 when the listing keeps failing, keeps the account, and recovery completes the listing', async () => {
    const insert = w.d.listings.insert.bind(w.d.listings);
    let tries = 0;
    w.d.listings.insert = async () => {
      tries++;
      throw new Error('the store went away');
    };
    expect(await refusal(signUps.signUp(form('dana@example.com'), onBehalfOf))).toEqual({
      status: 503,
      message: 'Your account was created; your listing is being completed. Sign in in a few minutes to see it.',
    });
    expect(tries).toBe(2); // listingAttempts, then recovery's turn
    const id = accounts.lastSignUp();
    expect(accounts.accounts.has(id)).toBe(true);
    expect(await signUps.find(id)).toMatchObject({ state: 'account-created' });

    w.d.listings.insert = insert;
    expect(await signUps.recover(-1_000)).toBe(1);
    expect(await signUps.find(id)).toMatchObject({ state: 'completed' });
    expect(accounts.accounts.has(id)).toBe(true);
    expect(await w.d.listings.listings.count({})).toBe(1);
  });

  it("keeps the account and answers 503 when the payment provider fails with a 5xx, or with another library's own status", async () => {
    const failures = [
      new HttpError(500, 'The payment provider failed'),
      new HttpError(502, 'The payment provider could not complete the request (api_error). Please try again.'),
      // Not billing's refusal, though it carries a 4xx of its own (an SDK's rate-limit error): retried, not compensated.
      Object.assign(new Error('Too many requests'), { statusCode: 429 }),
    ];
    const retrieve = w.simulator.retrievePaymentIntent.bind(w.simulator);
    for (const [i, failure] of failures.entries()) {
      const paymentIntent = await paid(`dana${i}@example.com`);
      // The payment was checked; then, with the account made, the provider fails on every try of the listing.
      let tries = 0;
      accounts.afterCreate = async () => {
        w.simulator.retrievePaymentIntent = () => {
          tries++;
          return Promise.reject(failure);
        };
      };
      expect(await refusal(signUps.signUp(form(`dana${i}@example.com`, paymentIntent), onBehalfOf))).toEqual({
        status: 503,
        message: 'Your account was created; your listing is being completed. Sign in in a few minutes to see it.',
      });
      expect(tries).toBe(2);
      const id = accounts.lastSignUp();
      expect(accounts.accounts.has(id)).toBe(true);
      expect(await signUps.find(id)).toMatchObject({ state: 'account-created' });

      w.simulator.retrievePaymentIntent = retrieve;
      expect(await signUps.recover(-1_000)).toBe(1);
      expect(await signUps.find(id)).toMatchObject({ state: 'completed' });
      expect(await w.d.listings.findByPaymentIntent(paymentIntent)).toMatchObject({ _id: id, status: 'paid' });
    }
  });
});
