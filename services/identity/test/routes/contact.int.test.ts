import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SUPPORT_EMAIL } from '@limo/contracts';
import { sharedHarness, startTestService, type TestContext } from '@limo/platform/testing';
import { createIdentityService } from '../../src/app.js';

const h = sharedHarness(() => startTestService(createIdentityService));
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = h);
});

const message = {
  name: 'Rosa Diaz',
  email: 'rosa@limo.example',
  company: 'Diaz <Limo>',
  topic: 'Sales',
  message: 'We run 12 cars in Tampa; which plan fits?',
};

describe('POST /api/contact', () => {
  it('mails the message to support with the sender as reply-to', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: '10.9.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/reached our team/);
    const mail = (await ctx.outbox()).find((m) => m.tag === 'contact');
    expect(mail).toMatchObject({
      to: SUPPORT_EMAIL,
      replyTo: 'rosa@limo.example',
      subject: '[Sales] Contact form: Rosa Diaz (Diaz <Limo>)',
    });
    expect(mail?.text).toContain('which plan fits?');
    expect(mail?.html).toContain('Diaz &lt;Limo&gt;');
  });

  it.each([
    [{ ...message, name: '' }, 'Please enter your name'],
    [{ ...message, email: 'nope' }, 'Please enter a valid email address'],
    [{ ...message, topic: 'Spam' }, 'Please choose a topic'],
    [{ ...message, message: 'hi' }, 'Please enter a message of at least 10 characters'],
    [{ name: 'x', email: 'a@b.co', topic: 'Sales' }, 'Please enter a message of at least 10 characters'],
  ])('answers 400 with a clear message for %j', async (body, expected) => {
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: '10.9.0.2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(expected);
  });

  it('limits each client to 10 messages an hour', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: '10.9.0.3' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
