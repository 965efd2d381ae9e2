import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailMessage, Mailer, SentMail } from '../ports/mail.port.js';
import { redactUrl } from './redact-url.js';

/** Which SMTP server to hand mail to, and who the mail is from. */
export interface SmtpMailerOptions {
  /**
   * `smtp://[user:pass@]host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start);
   * query parameters are nodemailer options, e.g. `?maxConnections=10`.
   */
  url: string;
  /** The `From` address of every message. */
  from: string;
}

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

/** The distributed mailer: nodemailer over a bounded pool of SMTP connections (`?maxConnections=` in the URL). */
export class SmtpMailer implements Mailer {
  private constructor(
    private readonly transport: Transporter<SMTPTransport.SentMessageInfo>,
    private readonly from: string,
    private readonly url: string,
  ) {}

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
    const transport = nodemailer.createTransport(url.toString());
    const mailer = new SmtpMailer(transport, options.from, options.url);
    try {
      await mailer.ping();
    } catch (err) {
      transport.close();
      throw err;
    }
    return mailer;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      ...(message.idempotencyKey && {
        messageId: `<${createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32)}@limodirectory>`,
      }),
    });
    if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.join(', ')}: ${info.response}`);
    return { messageId: info.messageId };
  }

  async ping(): Promise<void> {
    try {
      await this.transport.verify();
    } catch (err) {
      throw new Error(`SMTP unreachable at ${redactUrl(this.url)}: ${(err as Error).message}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
