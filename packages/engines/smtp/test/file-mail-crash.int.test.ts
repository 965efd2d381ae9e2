import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '@limo/platform';
import { runUntilKilled } from '@limo/platform/testing';
import { FileMailer } from '../src/file.mailer.js';

const child = fileURLToPath(new URL('./support/file-mail-crash-child.ts', import.meta.url));
const FROM = 'LimoDirectory <no-reply@limo.example>';

// Issue 23 #5: a kill -9 between the transport taking a mail and the record of it; the restarted
// sender sends it again (its lease ran out), and the mail must still arrive once.
describe('a keyed mail sent again after a crash between sending and recording it', () => {
  it('is in the file outbox once, indexed once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-mail-crash-'));
    try {
      const key = `quote:${randomUUID()}:company`;
      await runUntilKilled(child, [dir, key]);
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
