import { access, appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileMailer, readOutbox } from '../src/adapters/file.mailer.js';
import { SmtpMailer } from '../src/adapters/smtp.mailer.js';
import { describeMailContract, type MailFixture, type ReceivedMail } from './contracts/mail.contract.js';
import { startSmtpCatcher } from './support/smtp-catcher.js';

const FROM = 'LimoDirectory <noreply@limo.test>';

describeMailContract('Mail contract: file', () => fileFixture());
describeMailContract('Mail contract: smtp', () => smtpFixture());

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

describe('SmtpMailer.create', () => {
  it('fails with a clear message when nothing listens at the URL', async () => {
    await expect(SmtpMailer.create({ url: 'smtp://127.0.0.1:1', from: FROM })).rejects.toThrow(
      /^SMTP unreachable at smtp:\/\/127\.0\.0\.1:1: /,
    );
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

/** The SMTP adapter against an in-process SMTP server. */
async function smtpFixture(): Promise<MailFixture> {
  const smtp = await startSmtpCatcher();
  const mailer = await SmtpMailer.create({ url: smtp.url, from: FROM });
  const received = async (): Promise<ReceivedMail[]> =>
    smtp.messages.map(({ recipients, raw }) => {
      const mail = parseMail(raw);
      // The envelope is what routes the mail: it must name the same recipient as the header.
      expect(recipients).toEqual([mail.to]);
      return mail;
    });
  const close = async (): Promise<void> => {
    await mailer.close();
    await smtp.close();
  };
  return { mailer, received, close };
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/**
 * Just enough MIME to read what nodemailer writes (mailparser is not a dependency): folded headers,
 * RFC 2047 encoded words, multipart/alternative, and 7bit, quoted-printable or base64 UTF-8 bodies.
 */
function parseMail(raw: string): ReceivedMail {
  // The line break that ends the last line belongs to the message framing, not to the body.
  const top = splitPart(raw.replace(/\r\n/g, '\n').replace(/\n$/, ''));
  const leaves = leafParts(top);
  const text = leaves.find((part) => contentType(part) === 'text/plain');
  const html = leaves.find((part) => contentType(part) === 'text/html');
  return {
    messageId: top.headers.get('message-id') ?? '',
    to: (top.headers.get('to') ?? '').replace(/^.*<(.+)>$/, '$1'),
    subject: decodeWords(top.headers.get('subject') ?? ''),
    text: text ? decodeBody(text) : '',
    ...(html ? { html: decodeBody(html) } : {}),
  };
}

function splitPart(raw: string): MimePart {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n(?=[ \t])/g, '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 2) };
}

function contentType(part: MimePart): string {
  return (part.headers.get('content-type') ?? 'text/plain').split(';')[0].trim().toLowerCase();
}

function leafParts(part: MimePart): MimePart[] {
  if (!contentType(part).startsWith('multipart/')) return [part];
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('multipart without a boundary');
  // Between the preamble and the closing delimiter; each part sits between "\n--boundary" lines.
  const sections = `\n${part.body}`.split(`\n--${boundary}`).slice(1, -1);
  return sections.map((section) => splitPart(section.replace(/^[ \t]*\n/, ''))).flatMap(leafParts);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const binary = part.body
      .replace(/[ \t]+$/gm, '')
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(binary, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Decodes RFC 2047 words to bytes first, so a character split across two words still decodes. */
function decodeWords(value: string): string {
  const binary = value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('latin1')
        : data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  return Buffer.from(binary, 'latin1').toString('utf8');
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
