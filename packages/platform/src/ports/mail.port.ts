export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Free-form tag kept with the message (e.g. `password-reset`), for the outbox index and tests. */
  tag?: string;
  /**
   * Sends the message once per key, also when it is sent again after a crash: the file mailer writes
   * a key's file whole or not at all and a file that exists is the send; SMTP records the key in the
   * shared cache when the server accepts the mail and derives the Message-ID from it, so a resend in
   * the instant between the two still carries the same Message-ID. E.g. `quote:<id>:company`.
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
