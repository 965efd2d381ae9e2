import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountRefused } from '../../src/identity/identity-accounts.port.js';
import { FakeAccounts } from '../fake-accounts.js';
import { call, card, sharedHarness, startBilling } from '../support.js';

const h = sharedHarness(() => startBilling({}, { identityAccounts: identity }));
const identity = new FakeAccounts();
beforeEach(() => {
  identity.afterCreate = null;
  identity.refusal = null;
  vi.restoreAllMocks();
});

let n = 0;
/** A visitor's listing payment, paid with the simulator. */
async function paidListing(email: string): Promise<string> {
  const intent = await call(h, 'POST', '/api/create-payment-intent', undefined, {
    amount: 75,
    metadata: { type: 'business_listing', companyName: 'Summit Limousines', email },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const paid = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
    clientSecret: intent.json().clientSecret,
    ...card('4242424242424242'),
  });
  expect(paid.json().status).toBe('succeeded');
  return intent.json().paymentIntentId as string;
}
function signUp(email: string, paymentIntentId?: string) {
  n += 1;
  return call(h, 'POST', '/api/register-business-listing', undefined, {
    userData: { email, password: 'secret1' },
    companyData: {
      name: `Summit Limousines ${n}`,
      businessEmail: 'office@summit.example',
      website: 'summit.example',
      fullAddress: '1600 Broadway, Denver, CO 80202',
    },
    ...(paymentIntentId && { paymentIntentId }),
  });
}
const email = () => `owner-${randomUUID().slice(0, 8)}@example.com`;
const signUpOf = (id: string) => h.service.deps.listingSignUps.find(id);
const listingsOf = (userId: string) => h.service.deps.listings.listings.find({ userId });

describe('POST /api/register-business-listing', () => {
  it('makes the account through the port, signs it in with the session identity answered, and the paid listing', async () => {
    const to = email();
    const res = await signUp(to, await paidListing(to));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Registration Complete! Your listing is paid and live.', isPaid: true, paymentRequired: false });
    expect(body.user).toMatchObject({ email: to, username: to, role: 'business' });
    const signUpId = identity.lastSignUp();
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^limo_session=token-${signUpId};.*HttpOnly`, 'i'));
    expect(body.companyId).toBe(signUpId);
    expect(await signUpOf(signUpId)).toMatchObject({ state: 'completed', userId: body.user.id });
  });

  it("passes identity's refusal on as it was, and makes nothing", async () => {
    identity.refusal = new AccountRefused(409, 'An account with this email already exists');
    const res = await signUp(email());
    expect([res.statusCode, res.json().message]).toEqual([409, 'An account with this email already exists']);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await signUpOf(identity.lastSignUp())).toMatchObject({ state: 'refused', userId: null });

    identity.refusal = new AccountRefused(429, 'Too many accounts created from this address. Please try again later.', '1200');
    const limited = await signUp(email());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1200');
  });

  it('removes the account again when the listing is refused after it was made (the payment used meanwhile)', async () => {
    const to = email();
    const paymentIntentId = await paidListing(to);
    // Another sign-up with the same payment wins the race while identity makes this one's account.
    identity.afterCreate = async () => {
      expect(await h.service.deps.payments.bindListing(paymentIntentId, randomUUID(), randomUUID())).toBe(true);
    };
    const res = await signUp(to, paymentIntentId);
    expect([res.statusCode, res.json().message]).toEqual([409, 'This payment was already used for a listing']);
    expect(res.headers['set-cookie']).toBeUndefined();
    const signUpId = identity.lastSignUp();
    expect(identity.accounts.has(signUpId)).toBe(false);
    const saga = await signUpOf(signUpId);
    expect(saga).toMatchObject({ state: 'compensated', failure: 'This payment was already used for a listing' });
    expect(await listingsOf(saga!.userId!)).toEqual([]);
  });

  it('retries a listing step that failed for another reason, within the request', async () => {
    const insert = h.service.deps.listings.insert.bind(h.service.deps.listings);
    vi.spyOn(h.service.deps.listings, 'insert').mockRejectedValueOnce(new Error('store unavailable')).mockImplementation(insert);
    const to = email();
    const res = await signUp(to, await paidListing(to));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isPaid).toBe(true);
    expect(await signUpOf(identity.lastSignUp())).toMatchObject({ state: 'completed' });
  });

  it('leaves no account without its listing: recovery finishes a listing step that kept failing', async () => {
    vi.spyOn(h.service.deps.listings, 'insert').mockRejectedValue(new Error('store unavailable'));
    const to = email();
    const res = await signUp(to, await paidListing(to));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Your account was created; your listing is being completed. Sign in in a few minutes to see it.');
    const signUpId = identity.lastSignUp();
    expect(await signUpOf(signUpId)).toMatchObject({ state: 'account-created' });

    vi.restoreAllMocks();
    expect(await h.service.deps.listingSignUps.recover(0)).toBeGreaterThanOrEqual(1);
    const saga = await signUpOf(signUpId);
    expect(saga).toMatchObject({ state: 'completed' });
    expect(identity.accounts.has(signUpId)).toBe(true);
    expect(await listingsOf(saga!.userId!)).toEqual([expect.objectContaining({ _id: signUpId, status: 'paid' })]);
  });

  it('removes an account identity may have made when its answer never came', async () => {
    identity.afterCreate = async () => {
      throw new Error('socket hang up');
    };
    const res = await signUp(email());
    expect([res.statusCode, res.json().message]).toEqual([
      502,
      'Registration Failed: accounts cannot be created right now. Please try again.',
    ]);
    const signUpId = identity.lastSignUp();
    expect(await signUpOf(signUpId)).toMatchObject({ state: 'account-requested' });
    expect(identity.accounts.has(signUpId)).toBe(true);

    await h.service.deps.listingSignUps.recover(0);
    expect(await signUpOf(signUpId)).toMatchObject({ state: 'compensated' });
    expect(identity.accounts.has(signUpId)).toBe(false);
  });
});
