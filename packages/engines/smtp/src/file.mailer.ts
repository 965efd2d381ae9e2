import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, appendFile, link, mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import {
  keyDigest,
  keyedMessageId,
  mailOptions,
  oncePerKey,
  OUTBOX_INDEX_FILE,
  readOutbox,
  type MailMessage,
  type Mailer,
  type OutboxEntry,
  type SentMail,
} from '@limo/platform';

/** Where the embedded mailer writes, and who the mail is from. */
export interface FileMailerOptions {
  /** The outbox directory (created if missing), e.g. `DATA_DIR/outbox`. */
  dir: string;
  /** The `From` address of every message. */
  from: string;
}

/** Entries waiting for the next append to one outbox's index, and the append in progress. */
interface IndexWriter {
  pending: Array<{ line: string; resolve: () => void; reject: (err: unknown) => void }>;
  flushing: Promise<void> | undefined;
}

// One writer per outbox directory for the whole process: in the embedded profile several services
// each build a FileMailer on the same directory, and their entries go out in the same appends.
const indexWriters = new Map<string, IndexWriter>();

/**
 * The embedded mailer: nodemailer renders each message to `<dir>/<timestamp>-<id>.eml` (a keyed one to
 * `<dir>/key-<digest of its key>.eml`, see `sendKeyed`), openable in any mail client, and records it
 * as one JSON line in `<dir>/index.jsonl`, which the dev outbox page
 * and tests read. Entries sent together are appended in one write, so the index costs one append
 * per batch, however long it grows (it used to be rewritten whole for every message).
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
    if (!key) {
      const sentAt = new Date();
      const file = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const info = await this.render(message);
      await writeFile(join(this.dir, file), info.message as Buffer);
      return this.record(message, info.messageId, file, sentAt);
    }
    return oncePerKey(this.dir, key, () => this.sendKeyed(message, key));
  }

  /**
   * A keyed mail is the file named after its key, created whole or not at all (written under a
   * temporary name, then linked to its own, which fails if it exists): the file is the record of the
   * send. A crash after it and before the index line leaves the file, so the resend indexes it
   * instead of sending again.
   */
  private async sendKeyed(message: MailMessage, key: string): Promise<SentMail> {
    const indexed = (await sentKeys(this.dir)).get(key);
    if (indexed) return { messageId: indexed };
    const file = `key-${keyDigest(key)}.eml`;
    const path = join(this.dir, file);
    const messageId = keyedMessageId(key);
    const written = await writtenAt(path);
    if (written) return this.record(message, messageId, file, written);
    const info = await this.render(message, messageId);
    const temporary = join(this.dir, `.${randomUUID()}.tmp`);
    await writeFile(temporary, info.message as Buffer);
    let first = true;
    try {
      await link(temporary, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // Another process sending the same key wrote it first: that file is the mail. Indexed here too
      // in case that process died before indexing it (readOutbox keeps one line per key).
      first = false;
    } finally {
      await unlink(temporary);
    }
    return this.record(message, messageId, file, first ? new Date() : ((await writtenAt(path)) ?? new Date()));
  }

  private render(message: MailMessage, messageId?: string): Promise<StreamTransport.SentMessageInfo> {
    return this.transport.sendMail({
      ...mailOptions(this.from, message),
      ...(messageId && { messageId }),
    });
  }

  /** Appends the index line of a mail whose file is written. */
  private async record(message: MailMessage, messageId: string, file: string, sentAt: Date): Promise<SentMail> {
    const entry: OutboxEntry = { ...message, messageId, file, sentAt: sentAt.toISOString(), from: this.from };
    await appendToIndex(this.dir, entry);
    if (message.idempotencyKey) (await sentKeys(this.dir)).set(message.idempotencyKey, messageId);
    return { messageId };
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
    await indexWriters.get(this.dir)?.flushing;
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

/** When the file at `path` was written, or undefined if there is none. */
async function writtenAt(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Queues one entry for the index of `dir`; resolves once the append holding it is written. While one
 * append runs, entries gather for the next, so under load the index costs one write per batch. Lines
 * are appended with O_APPEND in a single write each batch, so processes sharing the directory (the
 * distributed profile on one machine) do not interleave inside a line.
 */
function appendToIndex(dir: string, entry: OutboxEntry): Promise<void> {
  let writer = indexWriters.get(dir);
  if (!writer) {
    writer = { pending: [], flushing: undefined };
    indexWriters.set(dir, writer);
  }
  const queued = new Promise<void>((resolve, reject) => writer.pending.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject }));
  writer.flushing ??= flush(dir, writer);
  return queued;
}

async function flush(dir: string, writer: IndexWriter): Promise<void> {
  // Let the sends of this tick join the first batch.
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (writer.pending.length > 0) {
    const batch = writer.pending.splice(0);
    try {
      await appendFile(join(dir, OUTBOX_INDEX_FILE), batch.map((item) => item.line).join(''));
      batch.forEach((item) => item.resolve());
    } catch (err) {
      // Reported to each sender of the batch (their mail is retried); later batches still run.
      batch.forEach((item) => item.reject(err));
    }
  }
  writer.flushing = undefined;
}
