import { describe, expect, it } from 'vitest';
import { call, claimer, listCompany, sharedHarness, startBilling } from '../support.js';

const h = sharedHarness(() => startBilling());

describe('checkout amounts come from the plan table', () => {
  it('charges 7500 whatever amount is sent', async () => {
    const company = await listCompany(h);
    const res = await call(h, 'POST', '/api/create-payment-intent', undefined, {
      amount: 1,
      plan: 'claim',
      companyId: company.id,
      metadata: { plan_name: 'claim' },
      claimerDetails: claimer(),
    });
    expect(res.json()).toMatchObject({ amount: 7500, plan: 'claim', currency: 'usd' });
    const { paymentIntentId } = res.json();
    expect((await h.simulator().retrievePaymentIntent(paymentIntentId))?.amount).toBe(7500);
  });
});
