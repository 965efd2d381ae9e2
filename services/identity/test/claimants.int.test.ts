import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClaimSubmittedV1 } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { sharedHarness, startTestService, waitFor, type TestContext } from '@limo/platform/testing';
import type { Service } from '@limo/platform';
import { createIdentityService } from '../src/app.js';
import { onClaimSubmitted } from '../src/consumers/on-claim-submitted.js';
import { UsersRepository } from '../src/repositories/users.repository.js';

const h = sharedHarness(() => startTestService(createIdentityService, { PUBLIC_URL: 'http://limo.test' }));
let ctx: TestContext;
let service: Service;
let published: EventEnvelope[];

beforeAll(async () => {
  ({ ctx, service, published } = h);
});

const submitted = (email: string, userId: string | null = null): ClaimSubmittedV1 => {
  const claimId = randomUUID();
  const data: ClaimSubmittedV1['data'] = {
    claimId,
    companyId: randomUUID(),
    companyName: 'Test Limousines',
    userId,
    claimerName: 'Dana Driver',
    claimerEmail: email,
    claimerPhone: '(303) 555-0199',
    businessRole: 'owner',
    paymentAmount: 7500,
    paymentIntentId: `pi_${claimId.slice(0, 8)}`,
    submittedAt: new Date().toISOString(),
  };
  return { id: randomUUID(), type: 'claim.submitted.v1', occurredAt: data.submittedAt, key: data.companyId, data };
};
const linkedFor = (claimId: string) =>
  waitFor(() => published.find((e) => e.type === 'claim.claimant-linked.v1' && (e.data as { claimId: string }).claimId === claimId));

describe('claimers without an account', () => {
  it('get a business account and a mailed set-password link; the claim is linked to it once', async () => {
    const event = submitted('new-claimer@example.com');
    await ctx.bus.publish([event, event]);
    const linked = await linkedFor(event.data.claimId);
    expect(linked.data).toMatchObject({ email: 'new-claimer@example.com', accountCreated: true });
    const mail = await waitFor(async () =>
      (await ctx.outbox()).find((m) => m.to === 'new-claimer@example.com' && m.tag === 'password-reset'),
    );
    expect(mail.subject).toBe('Set your LimoDirectory password');
    expect(mail.text).toContain('Thank you for claiming Test Limousines');
    const token = new URL(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)![0]).searchParams.get('token')!;
    expect(
      (await service.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword: 'claimer-pass' } }))
        .statusCode,
    ).toBe(200);
    const login = await service.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'new-claimer@example.com', password: 'claimer-pass' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: (linked.data as { userId: string }).userId, role: 'business' });
    await new Promise((r) => setTimeout(r, 100));
    expect(
      published.filter((e) => e.type === 'claim.claimant-linked.v1' && (e.data as { claimId: string }).claimId === event.data.claimId),
    ).toHaveLength(1);
  });

  it('never link nor mail an existing account named by a signed-out payer (issue 17 #14), and leave a signed-in claimer alone', async () => {
    const reg = await service.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'known', email: 'known@example.com', password: 'secret1' },
    });
    expect(reg.statusCode).toBe(201);
    const users = await UsersRepository.create(ctx.store);
    const tokenBefore = (await users.findByEmail('known@example.com'))?.passwordResetTokenHash ?? null;
    const event = submitted('known@example.com');
    await ctx.bus.publish([event]);
    await new Promise((r) => setTimeout(r, 300));
    const claimId = event.data.claimId;
    expect(published.some((e) => e.type === 'claim.claimant-linked.v1' && (e.data as { claimId: string }).claimId === claimId)).toBe(false);
    expect((await ctx.outbox()).some((m) => m.to === 'known@example.com')).toBe(false);
    expect((await users.findByEmail('known@example.com'))?.passwordResetTokenHash ?? null).toBe(tokenBefore);

    const signedIn = submitted('someone@example.com', randomUUID());
    await ctx.bus.publish([signedIn]);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      published.some((e) => e.type === 'claim.claimant-linked.v1' && (e.data as { claimId: string }).claimId === signedIn.data.claimId),
    ).toBe(false);
  });
});

describe('a claim.submitted.v1 handled again (a crash after the handler, before its handled record)', () => {
  it('links the claim and mails its claimer once', async () => {
    const users = await UsersRepository.create(ctx.store);
    const handle = onClaimSubmitted(ctx, users);
    const event = submitted('redelivered-claimer@example.com');
    const claimId = event.data.claimId;
    await handle(event);
    await handle(event);
    await linkedFor(claimId);
    await waitFor(async () => (await ctx.outbox()).find((m) => m.to === 'redelivered-claimer@example.com'));
    await new Promise((r) => setTimeout(r, 200));
    expect(
      published.filter((e) => e.type === 'claim.claimant-linked.v1' && (e.data as { claimId: string }).claimId === claimId),
    ).toHaveLength(1);
    expect((await ctx.outbox()).filter((m) => m.to === 'redelivered-claimer@example.com')).toHaveLength(1);
  });
});
