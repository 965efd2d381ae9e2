import { passwordResetRequestedV1 } from '@limo/contracts';
import type { EventHandler, Mailer } from '@limo/platform';
import { resetPasswordMail } from '../mail/reset-password.mail.js';

/**
 * Sends the reset mail. A mail failure throws, so the bus retries and then dead-letters it. Keyed by
 * the event: a redelivery after a crash between the send and its record does not mail it twice.
 */
export const onPasswordResetRequested =
  (mailer: Mailer): EventHandler =>
  async (event) => {
    const { data } = passwordResetRequestedV1.parse(event);
    await mailer.send({ ...resetPasswordMail(data), idempotencyKey: `password-reset:${event.id}` });
  };
