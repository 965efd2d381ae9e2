import { access, appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '@limo/platform';
import { describeMailContract, parseMail, type MailFixture, type ReceivedMail } from '@limo/platform/testing';
import { FileMailer } from '../src/file.mailer.js';

const FROM = 'LimoDirectory <noreply@limo.test>';

describeMailContract('Mail contract: file', () => fileFixture());

describe('FileMailer outbox', () => {
  it('indexes each message with its tag, sender, time and .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-outbox-'));
    const mailer = await FileMailer.create({ dir, from: FROM });
    try {
      const { messageId } = await mailer.send({ to: 'ana@example.com', subject: 'Reset', text: 'Link', tag: 'password-reset' });
      const [entry] = await readOutbox(dir);
      expect(entry).toMatchObject({ messageId, to: 'ana@example.com', subject: 'Reset', text: 'Link', tag: 'password-reset', from: FROM });
      expect(Date.parse(entry.sentAt)).not.toBeNaN();
      expect(entry.file).toMatch(/^[\w-]+\.eml$/);
      await access(join(dir, entry.file));
    } finally {
      await mailer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('loses no index entry when two mailers share one outbox directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-outbox-'));
    const mailers = await Promise.all([FileMailer.create({ dir, from: FROM }), FileMailer.create({ dir, from: FROM })]);
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => mailers[i % 2].send({ to: `u${i}@example.com`, subject: `#${i}`, text: 'x' })),
      );
      const subjects = (await readOutbox(dir)).map((entry) => entry.subject);
      expect(subjects.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `#${i}`).sort());
    } finally {
      await Promise.all(mailers.map((mailer) => mailer.close()));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('appends one JSON line per message, reads a legacy index.json first and skips a line still being written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-outbox-'));
    const legacy = {
      to: 'old@example.com',
      subject: 'Old',
      text: 'x',
      messageId: '<old@limo>',
      file: 'old.eml',
      sentAt: '2026-01-01T00:00:00.000Z',
      from: FROM,
    };
    await writeFile(join(dir, 'index.json'), JSON.stringify([legacy]));
    const mailer = await FileMailer.create({ dir, from: FROM });
    try {
      await Promise.all(Array.from({ length: 5 }, (_, i) => mailer.send({ to: `n${i}@example.com`, subject: `New ${i}`, text: 'y' })));
      const lines = (await readFile(join(dir, 'index.jsonl'), 'utf8')).split('\n');
      expect(lines).toHaveLength(6);
      await appendFile(join(dir, 'index.jsonl'), '{"to":"half');
      const subjects = (await readOutbox(dir)).map((entry) => entry.subject);
      expect(subjects[0]).toBe('Old');
      expect(subjects.slice(1).sort()).toEqual(['New 0', 'New 1', 'New 2', 'New 3', 'New 4']);
    } finally {
      await mailer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads an outbox nothing was sent to as empty', async () => {
    expect(await readOutbox(join(tmpdir(), 'limo-outbox-never-created'))).toEqual([]);
  });
});

/** An outbox in a temp dir; what "arrived" is decoded from the .eml files the index points to. */
async function fileFixture(): Promise<MailFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-outbox-'));
  const mailer = await FileMailer.create({ dir, from: FROM });
  const received = async (): Promise<ReceivedMail[]> =>
    Promise.all(
      (await readOutbox(dir)).map(async (entry) => {
        const mail = parseMail(await readFile(join(dir, entry.file), 'utf8'));
        // The index must describe the file it points to.
        expect(entry).toMatchObject({ messageId: mail.messageId, to: mail.to, subject: mail.subject });
        return mail;
      }),
    );
  const close = async (): Promise<void> => {
    await mailer.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { mailer, received, close };
}

// Issue 13 crash test: a mail sent just before a kill -9, whose sending was not yet recorded, is sent
// again after the restart; with its idempotency key the outbox keeps it once.
describe('FileMailer idempotency key', () => {
  it('sends a key once, also from a new mailer on the same outbox (a restarted process)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-mail-key-'));
    try {
      const message = { to: 'rider@example.com', subject: 'Your quote', text: 'Sent', idempotencyKey: 'quote:1:confirmation' };
      const first = await FileMailer.create({ dir, from: 'LimoDirectory <no-reply@limo.example>' });
      const a = await first.send(message);
      expect((await first.send(message)).messageId).toBe(a.messageId);
      await first.close();
      const again = await FileMailer.create({ dir, from: 'LimoDirectory <no-reply@limo.example>' });
      await again.send(message);
      await again.send({ ...message, idempotencyKey: 'quote:2:confirmation' });
      await again.close();
      expect((await readOutbox(dir)).map((m) => m.idempotencyKey)).toEqual(['quote:1:confirmation', 'quote:2:confirmation']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
