import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingService } from '@limo/billing';
import { createIdentityService } from '@limo/identity';
import { INTERNAL_HEADER } from '@limo/platform';
import { ipSequence, startTestService, type ServiceHarness } from '@limo/platform/testing';

// Issue 22, defect 3: billing's register-business-listing called identity's /api/register without
// the internal secret, so identity counted every visitor as billing's own address (one bucket).
const SIGN_UPS_PER_HOUR = 3;
const nextIp = ipSequence('10.22');
let identity: ServiceHarness;
let billing: ServiceHarness;

beforeAll(async () => {
  identity = await startTestService(createIdentityService, { REGISTER_RATE_LIMIT_PER_HOUR: String(SIGN_UPS_PER_HOUR) });
  const identityUrl = await identity.app.listen({ host: '127.0.0.1', port: 0 });
  billing = await startTestService((ctx) => createBillingService(ctx, { env: {}, lookupCompany: async () => null }), {
    IDENTITY_URL: identityUrl,
  });
});
afterAll(async () => {
  await billing?.close();
  await identity?.close();
});

let n = 0;
/** A paid-listing sign-up from `client`, through billing as the gateway proxies it. */
function signUpThroughBilling(client: string) {
  n += 1;
  return billing.app.inject({
    method: 'POST',
    url: '/api/register-business-listing',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client, [INTERNAL_HEADER]: billing.ctx.config.INTERNAL_SECRET },
    payload: {
      userData: { email: `owner${n}@example.com`, password: 'secret1' },
      companyData: {
        name: `Listing ${n}`,
        businessEmail: 'office@summit.example',
        website: 'summit.example',
        fullAddress: '1600 Broadway, Denver, CO 80202',
        phone: '(303) 555-0111',
      },
    },
  });
}

describe('a service calling another on behalf of a client', () => {
  it('counts a client over its own sign-up limit at identity, through billing too', async () => {
    const client = nextIp();
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) {
      const direct = await identity.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: client,
        payload: { username: `direct${i}`, email: `direct${i}@example.com`, password: 'secret1' },
      });
      expect(direct.statusCode, direct.body).toBe(201);
    }
    const through = await signUpThroughBilling(client);
    expect(through.statusCode, through.body).toBe(429);
  });

  it('gives each client its own bucket: one exhausting its limit does not refuse another', async () => {
    const first = nextIp();
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) {
      const res = await signUpThroughBilling(first);
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await signUpThroughBilling(first);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const second = await signUpThroughBilling(nextIp());
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ paymentRequired: true, user: { role: 'business' } });
  });
});
