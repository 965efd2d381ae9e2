// A process that sends one keyed mail and is killed (SIGKILL) between the transport taking it and the
// record of the send: `<outbox dir> <key>` dies when the file mailer appends its index line.
// Run with `node --import tsx` (runUntilKilled).
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { FileMailer } from '../../src/file.mailer.js';

const [dir, key] = process.argv.slice(2);
const crash = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('not killed');
};
fsp.appendFile = crash;
syncBuiltinESMExports();
await (
  await FileMailer.create({ dir, from: 'LimoDirectory <no-reply@limo.example>' })
).send({
  to: 'rider@example.com',
  subject: `Crash ${key}`,
  text: 'Once.',
  idempotencyKey: key,
});
crash();
