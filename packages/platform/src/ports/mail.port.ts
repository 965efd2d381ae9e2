export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Free-form tag kept with the message (e.g. `password-reset`), for the outbox index and tests. */
  tag?: string;
  /**
   * Makes a resend after a crash harmless where the transport allows: the file mailer sends a key
   * once (its index is the record); SMTP derives the Message-ID from it, so relays and mail clients
   * drop the duplicate. E.g. `quote:<id>:company`.
   */
  idempotencyKey?: string;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  /** Hands the message to the transport; throws if it was not accepted. */
  send(message: MailMessage): Promise<SentMail>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One entry of the embedded outbox index (a line of `DATA_DIR/outbox/index.jsonl`). */
export interface OutboxEntry extends MailMessage {
  messageId: string;
  file: string;
  sentAt: string;
  from: string;
}
