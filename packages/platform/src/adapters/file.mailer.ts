import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { MailMessage, Mailer, OutboxEntry, SentMail } from '../ports/mail.port.js';

/** Where the embedded mailer writes, and who the mail is from. */
export interface FileMailerOptions {
  /** The outbox directory (created if missing), e.g. `DATA_DIR/outbox`. */
  dir: string;
  /** The `From` address of every message. */
  from: string;
}

const INDEX_FILE = 'index.json';

// One write queue per outbox directory for the whole process: in the embedded profile several
// services each build a FileMailer on the same directory, and their index updates must not race.
const indexQueues = new Map<string, Promise<void>>();

/**
 * The embedded mailer: nodemailer renders each message to `<dir>/<timestamp>-<id>.eml` (openable in
 * any mail client) and records it in `<dir>/index.json`, which the dev outbox page and tests read.
 */
export class FileMailer implements Mailer {
  private readonly transport: Transporter<StreamTransport.SentMessageInfo>;

  private constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Creates the directory if needed and returns a mailer writing into it. */
  static async create(options: FileMailerOptions): Promise<FileMailer> {
    const dir = resolve(options.dir);
    await mkdir(dir, { recursive: true });
    return new FileMailer(dir, options.from);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const key = message.idempotencyKey;
    if (key) {
      // Sent already (before a crash that kept the sender from recording it): not again.
      const sent = (await sentKeys(this.dir)).get(key);
      if (sent) return { messageId: sent };
    }
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
    });
    const sentAt = new Date();
    const file = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(join(this.dir, file), info.message as Buffer);
    const entry: OutboxEntry = { ...message, messageId: info.messageId, file, sentAt: sentAt.toISOString(), from: this.from };
    await appendToIndex(this.dir, entry);
    if (key) (await sentKeys(this.dir)).set(key, info.messageId);
    return { messageId: info.messageId };
  }

  async ping(): Promise<void> {
    try {
      await access(this.dir, constants.W_OK);
    } catch (err) {
      throw new Error(`Outbox directory ${this.dir} is not writable: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Waits for pending index writes, then releases the transport. */
  async close(): Promise<void> {
    await indexQueues.get(this.dir);
    this.transport.close();
  }
}

// Idempotency keys already in each outbox's index, loaded once per process.
const keysByDir = new Map<string, Promise<Map<string, string>>>();
function sentKeys(dir: string): Promise<Map<string, string>> {
  let keys = keysByDir.get(dir);
  if (!keys) {
    keys = readOutbox(dir).then((entries) => new Map(entries.filter((e) => e.idempotencyKey).map((e) => [e.idempotencyKey!, e.messageId])));
    keysByDir.set(dir, keys);
  }
  return keys;
}

/** Reads the outbox index of `dir` (oldest first); an outbox nothing was sent to is empty. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let json: string;
  try {
    json = await readFile(join(resolve(dir), INDEX_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: unknown = JSON.parse(json);
  if (!Array.isArray(entries)) throw new Error(`${join(dir, INDEX_FILE)} does not hold an array`);
  return entries as OutboxEntry[];
}

/** Appends one entry, writing the whole index to a temp file and renaming it so readers never see half a file. */
function appendToIndex(dir: string, entry: OutboxEntry): Promise<void> {
  const write = async (): Promise<void> => {
    const entries = await readOutbox(dir);
    entries.push(entry);
    const temp = join(dir, `${INDEX_FILE}.${process.pid}.${randomUUID()}.tmp`);
    await writeFile(temp, JSON.stringify(entries, null, 2));
    await rename(temp, join(dir, INDEX_FILE));
  };
  // The queue never rejects: a failed write is reported to its own caller and later writes still run.
  const done = (indexQueues.get(dir) ?? Promise.resolve()).then(write);
  const queued = done.catch(() => undefined);
  indexQueues.set(dir, queued);
  void queued.then(() => {
    if (indexQueues.get(dir) === queued) indexQueues.delete(dir);
  });
  return done;
}
