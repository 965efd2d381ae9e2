import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyDigest } from '@limo/platform';
import { describeWithEngine, runUntilKilled } from '@limo/platform/testing';
import { createRedisCacheAndLimiter } from '@limo/engine-redis';
import { SmtpMailer } from '../src/smtp.mailer.js';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher.js';

const child = fileURLToPath(new URL('./support/mail-crash-child.ts', import.meta.url));
const FROM = 'LimoDirectory <no-reply@limo.example>';

// Issue 23 #5: a kill -9 between the SMTP server taking a mail and the record of it; the restarted
// sender sends it again (its lease ran out), and the mail must still arrive once.
describeWithEngine('a keyed SMTP mail sent again after a crash (Redis records the sent keys)', 'REDIS_URL', (redisUrl) => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.close());

  it('reaches the SMTP server once, from the crashed process and not again from the restarted one', async () => {
    const keyPrefix = `limo-test:${randomUUID()}:`;
    const key = `quote:${randomUUID()}:company`;
    await runUntilKilled(child, [smtp.url, key], { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix });
    const { cache } = await createRedisCacheAndLimiter({ url: redisUrl, keyPrefix });
    const mailer = await SmtpMailer.create({ url: smtp.url, from: FROM, sent: cache });
    try {
      await mailer.send({ to: 'rider@example.com', subject: `Crash ${key}`, text: 'Once.', idempotencyKey: key });
      await Promise.all(
        [1, 2].map(() => mailer.send({ to: 'rider@example.com', subject: `Twice ${key}`, text: 'x', idempotencyKey: `${key}:2` })),
      );
    } finally {
      await mailer.close();
      await Promise.all([key, `${key}:2`].map((sent) => cache.del(`mail-sent:${keyDigest(sent)}`)));
      await cache.close();
    }
    expect(smtp.messages.filter(({ raw }) => raw.includes(`Crash ${key}`))).toHaveLength(1);
    expect(smtp.messages.filter(({ raw }) => raw.includes(`Twice ${key}`))).toHaveLength(1);
  });
});
