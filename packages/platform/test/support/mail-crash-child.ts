// A process that sends one keyed mail and is killed (SIGKILL) between the transport taking it and the
// record of the send: `file <outbox dir> <key>` dies when the file mailer appends its index line;
// `smtp <smtp url> <key>` dies once the SMTP server accepted the mail, before the sender records it
// (REDIS_URL and REDIS_KEY_PREFIX name the mailer's record of sent keys). Run with `node --import tsx`.
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { FileMailer } from '../../src/adapters/file.mailer.js';
import { createRedisCacheAndLimiter } from '../../src/adapters/redis.cache.js';
import { SmtpMailer } from '../../src/adapters/smtp.mailer.js';

const [mode, target, key] = process.argv.slice(2);
const crash = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('not killed');
};
const message = { to: 'rider@example.com', subject: `Crash ${key}`, text: 'Once.', idempotencyKey: key };
const from = 'LimoDirectory <no-reply@limo.example>';

if (mode === 'file') {
  fsp.appendFile = crash;
  syncBuiltinESMExports();
  await (await FileMailer.create({ dir: target, from })).send(message);
} else {
  const { cache } = await createRedisCacheAndLimiter({ url: process.env.REDIS_URL ?? '', keyPrefix: process.env.REDIS_KEY_PREFIX });
  await (await SmtpMailer.create({ url: target, from, sent: cache })).send(message);
}
crash();
