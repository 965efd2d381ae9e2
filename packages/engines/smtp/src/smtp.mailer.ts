import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import {
  keyDigest,
  keyedMessageId,
  mailOptions,
  oncePerKey,
  redactUrl,
  type Cache,
  type MailMessage,
  type Mailer,
  type SentMail,
} from '@limo/platform';

/** Which SMTP server to hand mail to, and who the mail is from. */
export interface SmtpMailerOptions {
  /**
   * `smtp://[user:pass@]host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start);
   * query parameters are nodemailer options, e.g. `?maxConnections=10`.
   */
  url: string;
  /** The `From` address of every message. */
  from: string;
  /**
   * Where the keys of accepted mails are recorded (the shared cache: Redis in the distributed
   * profile), so a resend after a crash, by this process or another, is recognised and not sent.
   */
  sent?: Cache;
}

// How long an accepted key is remembered: far beyond any redelivery (leases, consumer retries).
const SENT_KEY_TTL_MS = 7 * 24 * 3600 * 1000;
/** A key being sent (with the sender's id): held longer than one send takes (the timeouts below add up to 40 s). */
const SENDING = 'sending:';
const SENDING_CLAIM_TTL_MS = 60_000;
/** How often an instance waiting for another's send of the same key looks for its record. */
const SENDING_POLL_MS = 100;

// Nodemailer waits two minutes for a dead server by default; a health check or a user waits less.
// A pool of at most `maxConnections` connections bounds the mails in flight (the rest queue in
// nodemailer), each connection reused for `maxMessages` mails before it is renewed. A connection
// carries one mail at a time and four round trips each (MAIL, RCPT, DATA, the message), so the pool
// size, not CPU, sets the rate: to a local server on a busy 2-core machine 10 connections carried
// 183 mails/s, 32 carried 469, 64 carried 678 (quote intake owes two mails a quote, ~1,200/s at full
// intake). 32 is within what mail relays accept from one client; `?maxConnections=` lowers it.
const DEFAULTS: Record<string, string> = {
  pool: 'true',
  maxConnections: '32',
  maxMessages: '1000',
  connectionTimeout: '5000',
  greetingTimeout: '5000',
  socketTimeout: '30000',
};

/** What the transport thread answers for one request. */
interface ThreadAnswer {
  id: number;
  info?: { messageId: string; rejected: string[]; response: string };
  error?: string;
}

// The transport runs in a thread of its own: building a message (MIME, quoted-printable) was ~20% of
// the quotes process under load, and each of a mail's four SMTP round trips waited for an event
// loop busy with HTTP and the store. CommonJS source, so it needs no build step; nodemailer is
// loaded from the path this module resolves.
const TRANSPORT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
// nodemailer leaves Nagle's algorithm on: a message's second small write waited for the server's
// delayed ACK (~40 ms a mail per connection, the pool's real limit). This thread only carries mail.
const net = require('node:net');
const tls = require('node:tls');
const netConnect = net.connect;
const tlsConnect = tls.connect;
net.connect = (...args) => netConnect(...args).setNoDelay(true);
tls.connect = (...args) => tlsConnect(...args).setNoDelay(true);
const transport = require(workerData.nodemailer).createTransport(workerData.url);
parentPort.on('message', async ({ id, op, mail }) => {
  try {
    if (op === 'send') {
      const info = await transport.sendMail(mail);
      parentPort.postMessage({ id, info: { messageId: info.messageId, rejected: info.rejected, response: info.response } });
    } else if (op === 'verify') {
      await transport.verify();
      parentPort.postMessage({ id });
    } else {
      transport.close();
      parentPort.postMessage({ id });
    }
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

/**
 * The distributed mailer: nodemailer over a bounded pool of SMTP connections (`?maxConnections=` in
 * the URL), in a worker thread of its own. A keyed mail is sent once: its key is recorded in `sent`
 * when the server accepts it and checked before sending.
 */
export class SmtpMailer implements Mailer {
  private readonly pending = new Map<number, { resolve(answer: ThreadAnswer): void; reject(err: Error): void }>();
  private nextId = 0;

  private constructor(
    private readonly thread: Worker,
    private readonly from: string,
    private readonly url: string,
    private readonly sent: Cache | undefined,
  ) {
    thread.on('message', (answer: ThreadAnswer) => {
      this.pending.get(answer.id)?.resolve(answer);
      this.pending.delete(answer.id);
      if (this.pending.size === 0) thread.unref();
    });
    const fail = (err: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', () => fail(new Error('the SMTP transport thread stopped')));
    // An idle mailer must not keep the process alive; a mail in flight does.
    thread.unref();
  }

  /** Builds the pooled transport and checks the server answers, so a wrong URL fails at start-up. */
  static async create(options: SmtpMailerOptions): Promise<SmtpMailer> {
    const url = new URL(options.url);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP URL must start with smtp:// or smtps://, got ${redactUrl(options.url)}`);
    }
    for (const [key, value] of Object.entries(DEFAULTS)) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    }
    // A URL string, not an options object, so nodemailer parses credentials and query options itself.
    const thread = new Worker(TRANSPORT_THREAD, {
      eval: true,
      workerData: { url: url.toString(), nodemailer: createRequire(import.meta.url).resolve('nodemailer') },
    });
    const mailer = new SmtpMailer(thread, options.from, options.url, options.sent);
    try {
      await mailer.ping();
    } catch (err) {
      await mailer.close();
      throw err;
    }
    return mailer;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const key = message.idempotencyKey;
    if (!key) return this.transmit(message);
    return oncePerKey(this.url, key, async () => {
      const recorded = `mail-sent:${keyDigest(key)}`;
      const sent = this.sent;
      if (!sent) return this.transmit(message, keyedMessageId(key));
      // Claimed before it is sent, atomically: of two instances sending the key at once (a request and
      // a webhook's consumer on two replicas), one sends and the other waits for its record.
      const claim = `${SENDING}${randomUUID()}`;
      const waitUntil = Date.now() + 2 * SENDING_CLAIM_TTL_MS;
      for (;;) {
        const state = await sent.get<string>(recorded);
        if (state && !state.startsWith(SENDING)) return { messageId: state };
        if (await sent.add(recorded, claim, SENDING_CLAIM_TTL_MS)) break;
        if (Date.now() > waitUntil) throw new Error(`the mail ${keyDigest(key)} is still being sent by another instance`);
        await delay(SENDING_POLL_MS);
      }
      let accepted: SentMail;
      try {
        accepted = await this.transmit(message, keyedMessageId(key));
      } catch (err) {
        // Not sent: its claim goes (if still its own), so a retry here or on another instance sends it.
        if ((await sent.get<string>(recorded).catch(() => undefined)) === claim) await sent.del(recorded).catch(() => undefined);
        throw err;
      }
      // Recorded the moment the server accepted it. A record that fails does not fail the send (a
      // retry after the claim expires would send it again); only a crash in this instant resends it,
      // under the same Message-ID.
      await sent.set(recorded, accepted.messageId, SENT_KEY_TTL_MS).catch(() => undefined);
      return accepted;
    });
  }

  private async transmit(message: MailMessage, messageId?: string): Promise<SentMail> {
    const { info, error } = await this.request('send', {
      ...mailOptions(this.from, message),
      // Chosen, not detected: nodemailer otherwise counts Latin and non-Latin characters of every
      // text part and header with two regular expressions (~15% of the transport thread's time).
      textEncoding: 'quoted-printable',
      ...(messageId && { messageId }),
    });
    if (error !== undefined || !info) throw new Error(error ?? 'the SMTP transport answered nothing');
    if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.join(', ')}: ${info.response}`);
    return { messageId: info.messageId };
  }

  async ping(): Promise<void> {
    const { error } = await this.request('verify');
    if (error !== undefined) throw new Error(`SMTP unreachable at ${redactUrl(this.url)}: ${error}`);
  }

  async close(): Promise<void> {
    if (this.thread.threadId < 0) return;
    await this.request('close').catch(() => undefined);
    await this.thread.terminate();
  }

  private request(op: 'send' | 'verify' | 'close', mail?: object): Promise<ThreadAnswer> {
    const id = this.nextId++;
    return new Promise<ThreadAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread.ref();
      this.thread.postMessage({ id, op, mail });
    });
  }
}
