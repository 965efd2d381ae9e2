import { describe, expect, it, vi } from 'vitest';
import { describeWithEngine, sharedHarness } from '@limo/platform/testing';
import { startRecordedStripeBilling, storedCheckout } from '../../stripe-fixtures.js';
import { call, startBilling, userOf } from '../../support.js';
import { ownerWithPaidClaim } from '../billing-flow.js';

const URL_CARD = '/api/my-subscription/card';
const URL_CONFIRM = '/api/my-subscription/card/confirm';

describe('POST /api/my-subscription/card with the simulator', () => {
  const h = sharedHarness(() => startBilling());

  it('needs the test card: without it, 400 naming the missing fields; the confirm step is for Stripe only (409)', async () => {
    const { owner, company } = await ownerWithPaidClaim(h);
    const res = await call(h, 'POST', URL_CARD, owner, { companyId: company.id, cardNumber: '4242424242424242' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please complete all payment fields.',
      errors: [
        { field: 'expiry', message: 'Please complete all payment fields.' },
        { field: 'cvc', message: 'Please complete all payment fields.' },
      ],
    });
    const confirm = await call(h, 'POST', URL_CONFIRM, owner, { companyId: company.id, setupIntentId: 'seti_123' });
    expect(confirm.statusCode).toBe(409);
  });
});

describeWithEngine('POST /api/my-subscription/card on Stripe (stripe-mock)', 'STRIPE_MOCK_URL', (url) => {
  const h = sharedHarness(() => startRecordedStripeBilling(url));

  const activeSubscription = async (userId: string) => {
    const ids = await storedCheckout(h, { status: 'active', userId });
    await h.service.deps.subscriptions.setCard(ids.sub_fixture, { brand: 'mastercard', last4: '4444' });
    return { ids, owner: userOf(h, 'business', userId) };
  };

  it("answers a SetupIntent's clientSecret for the owner's Stripe customer (usage off_session); card numbers are never taken here", async () => {
    const { ids, owner } = await activeSubscription('owner-card-1');
    const res = await call(h, 'POST', URL_CARD, owner, { companyId: ids.company_fixture });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Enter the new card to save it',
      setupIntentId: expect.stringMatching(/^seti_/),
      clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
      subscription: { subscriptionId: ids.sub_fixture, card: { brand: 'mastercard', last4: '4444' } },
    });
    const created = h.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/setup_intents');
    const mine = created.find((r) => r.form.get('customer') === ids.cus_fixture);
    expect(mine?.form.get('usage')).toBe('off_session');
    expect(mine?.form.get('metadata[subscriptionId]')).toBe(ids.sub_fixture);

    const withCard = await call(h, 'POST', URL_CARD, owner, { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(withCard.statusCode).toBe(400);
    expect(withCard.json().message).toBe('Enter the card in the secure card form: card numbers are not sent to this site');
    expect((await call(h, 'POST', URL_CARD, undefined, {})).statusCode).toBe(401);
    expect((await call(h, 'POST', URL_CARD, userOf(h, 'business', 'someone-else'), {})).statusCode).toBe(404);
  });

  it('confirm: the succeeded SetupIntent becomes the default card (customer and subscription), shown by GET; repeating it is harmless', async () => {
    const { ids, owner } = await activeSubscription('owner-card-2');
    const provider = await h.service.deps.registry.current();
    const cardSetup = provider.cardSetup!;
    const setupIntent = {
      id: ids.seti_fixture,
      status: 'succeeded',
      customerId: ids.cus_fixture,
      paymentMethodId: ids.pm_fixture,
      metadata: { subscriptionId: ids.sub_fixture, purpose: 'card_update' },
    };
    // stripe-mock answers every SetupIntent with the same unconfirmed fixture: not this customer's, so 404.
    const unknown = await call(h, 'POST', URL_CONFIRM, owner, { setupIntentId: ids.seti_fixture });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Card update not found');
    expect((await call(h, 'POST', URL_CONFIRM, owner, { setupIntentId: 'pm_nope' })).statusCode).toBe(400);

    const retrieve = vi.spyOn(cardSetup, 'retrieveSetupIntent');
    try {
      retrieve.mockResolvedValueOnce({ ...setupIntent, status: 'requires_payment_method', paymentMethodId: null });
      const pending = await call(h, 'POST', URL_CONFIRM, owner, { setupIntentId: ids.seti_fixture });
      expect(pending.statusCode).toBe(409);
      expect(pending.json().message).toBe('The new card is not confirmed yet: finish the card form first');

      retrieve.mockResolvedValue(setupIntent);
      for (let i = 0; i < 2; i++) {
        const res = await call(h, 'POST', URL_CONFIRM, owner, { companyId: ids.company_fixture, setupIntentId: ids.seti_fixture });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          message: 'Card updated: your renewals are charged to it',
          subscription: { card: { brand: 'visa', last4: '4242' } },
        });
      }
    } finally {
      vi.restoreAllMocks();
    }
    const customerUpdate = h.stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/customers/${ids.cus_fixture}`);
    expect(customerUpdate?.form.get('invoice_settings[default_payment_method]')).toBe(ids.pm_fixture);
    const subscriptionUpdate = h.stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${ids.sub_fixture}`);
    expect(subscriptionUpdate?.form.get('default_payment_method')).toBe(ids.pm_fixture);
    expect((await call(h, 'GET', '/api/my-subscription', owner)).json().card).toEqual({ brand: 'visa', last4: '4242' });
  });
});
