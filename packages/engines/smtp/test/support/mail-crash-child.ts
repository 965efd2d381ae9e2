// A process that sends one keyed mail and is killed (SIGKILL) once the SMTP server accepted it, before
// the sender records it: `<smtp url> <key>`, REDIS_URL and REDIS_KEY_PREFIX naming the mailer's record
// of sent keys. Run with `node --import tsx` (runUntilKilled).
import { createRedisCacheAndLimiter } from '@limo/engine-redis';
import { SmtpMailer } from '../../src/smtp.mailer.js';

const [url, key] = process.argv.slice(2);
const { cache } = await createRedisCacheAndLimiter({ url: process.env.REDIS_URL ?? '', keyPrefix: process.env.REDIS_KEY_PREFIX });
const mailer = await SmtpMailer.create({ url, from: 'LimoDirectory <no-reply@limo.example>', sent: cache });
await mailer.send({ to: 'rider@example.com', subject: `Crash ${key}`, text: 'Once.', idempotencyKey: key });
process.kill(process.pid, 'SIGKILL');
