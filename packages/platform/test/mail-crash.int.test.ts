import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMailer, readOutbox } from '../src/adapters/file.mailer.js';
import { keyDigest } from '../src/adapters/mail-keys.js';
import { createRedisCacheAndLimiter } from '../src/adapters/redis.cache.js';
import { SmtpMailer } from '../src/adapters/smtp.mailer.js';
import { describeWithEngine } from './support/engines.js';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher.js';

const child = fileURLToPath(new URL('./support/mail-crash-child.ts', import.meta.url));
const FROM = 'LimoDirectory <no-reply@limo.example>';

/** Runs the crashing sender; resolves once it died of SIGKILL (anything else fails the test). */
function sendAndCrash(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { env: { ...process.env, ...env }, stdio: 'inherit' });
    proc.on('error', reject);
    proc.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`the sender exited with ${code ?? signal}, not killed`)),
    );
  });
}

// Issue 23 #5: a kill -9 between the transport taking a mail and the record of it; the restarted
// sender sends it again (its lease ran out), and the mail must still arrive once.
describe('a keyed mail sent again after a crash between sending and recording it', () => {
  it('is in the file outbox once, indexed once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-mail-crash-'));
    try {
      const key = `quote:${randomUUID()}:company`;
      await sendAndCrash(['file', dir, key]);
      const mailer = await FileMailer.create({ dir, from: FROM });
      const again = await mailer.send({ to: 'rider@example.com', subject: `Crash ${key}`, text: 'Once.', idempotencyKey: key });
      await mailer.close();

      expect((await readdir(dir)).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
      const entries = await readOutbox(dir);
      expect(entries.map((entry) => entry.idempotencyKey)).toEqual([key]);
      expect(entries[0].messageId).toBe(again.messageId);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describeWithEngine('a keyed SMTP mail sent again after a crash (Redis records the sent keys)', 'REDIS_URL', (redisUrl) => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.close());

  it('reaches the SMTP server once, from the crashed process and not again from the restarted one', async () => {
    const keyPrefix = `limo-test:${randomUUID()}:`;
    const key = `quote:${randomUUID()}:company`;
    await sendAndCrash(['smtp', smtp.url, key], { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix });
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
