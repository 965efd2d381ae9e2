import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startBilling, userOf, waitFor } from '../support.js';
import { listing } from './billing-flow.js';

const h = sharedHarness(() => startBilling());

describe('paid listing registration', () => {
  it('keeps a signed-in owner’s listing unpaid until its payment succeeds, then publishes listing.registered.v1 once', async () => {
    const owner = userOf(h, 'business');
    const created = await call(h, 'POST', '/api/create-business-listing', owner, listing);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Summit Chauffeurs', isPaid: false, paymentRequired: true });
    const companyId = created.json().companyId as string;
    expect(
      (
        await call(h, 'POST', '/api/create-payment-intent', userOf(h, 'business'), {
          plan: 'claim',
          companyId,
          metadata: { type: 'business_listing' },
        })
      ).statusCode,
    ).toBe(403);
    const intent = await call(h, 'POST', '/api/create-payment-intent', owner, {
      amount: 75,
      companyId,
      metadata: { type: 'business_listing', companyName: 'Summit Chauffeurs', email: owner.email },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe(7500);
    const confirm = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirm.statusCode).toBe(200);
    await h.simulator().idle();
    const event = await waitFor(() =>
      h.published.find((e) => e.type === 'listing.registered.v1' && (e.data as { companyId: string }).companyId === companyId),
    );
    expect(event.data).toMatchObject({
      userId: owner.id,
      isPaid: true,
      company: {
        name: 'Summit Chauffeurs',
        website: 'https://summit.example/',
        services: ['wedding', 'airport-transfer'],
        hourlyRateStart: 120,
        fullAddress: '1600 Broadway, Denver, CO 80202',
      },
    });
    await waitFor(() =>
      h.published.some((e) => e.type === 'subscription.activated.v1' && (e.data as { companyId: string }).companyId === companyId),
    );
    expect(
      (await call(h, 'POST', '/api/create-payment-intent', owner, { companyId, metadata: { type: 'business_listing' } })).statusCode,
    ).toBe(409);
    expect(
      h.published.filter((e) => e.type === 'listing.registered.v1' && (e.data as { companyId: string }).companyId === companyId),
    ).toHaveLength(1);
  });

  it('takes a visitor’s paid-first payment once', async () => {
    const owner = userOf(h, 'business');
    const intent = await call(h, 'POST', '/api/create-payment-intent', undefined, {
      amount: 75,
      metadata: { type: 'business_listing', companyName: 'Paid First Cars', email: owner.email.toUpperCase() },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    // Someone else (another e-mail) cannot use the visitor's payment.
    const stranger = await call(h, 'POST', '/api/create-business-listing', userOf(h, 'business'), {
      ...listing,
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(stranger.statusCode).toBe(403);
    const created = await call(h, 'POST', '/api/create-business-listing', owner, {
      ...listing,
      name: 'Paid First Cars',
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ isPaid: true, paymentRequired: false });
    const reused = await call(h, 'POST', '/api/create-business-listing', owner, {
      ...listing,
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(reused.statusCode).toBe(409);
  });

  it('makes one paid listing of one payment when the registrations race, and only for the payer', async () => {
    const owner = userOf(h, 'business');
    const intent = await call(h, 'POST', '/api/create-payment-intent', owner, {
      amount: 75,
      metadata: { type: 'business_listing', companyName: 'Racing Cars', email: owner.email },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { paymentIntentId, clientSecret } = intent.json<{ paymentIntentId: string; clientSecret: string }>();
    await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect((await call(h, 'POST', '/api/create-business-listing', userOf(h, 'business'), { ...listing, paymentIntentId })).statusCode).toBe(
      403,
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(h, 'POST', '/api/create-business-listing', owner, { ...listing, name: 'Racing Cars', paymentIntentId }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await h.service.deps.listings.listings.count({ userId: owner.id })).toBe(1);
    expect(await h.service.deps.listings.listings.count({ paymentIntentId })).toBe(1);
  });
});
