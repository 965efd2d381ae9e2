import type { PasswordResetRequestedV1 } from '@limo/contracts';
import type { EventHandler, Mailer } from '@limo/platform';
import { resetPasswordMail } from '../mail/reset-password.mail.js';

/**
 * Sends the reset mail. A mail failure throws, so the bus retries and then dead-letters it. Keyed by
 * the event: a redelivery after a crash between the send and its record does not mail it twice.
 */
export const onPasswordResetRequested =
  (mailer: Mailer): EventHandler<PasswordResetRequestedV1> =>
  async (event) => {
    await mailer.send({ ...resetPasswordMail(event.data), idempotencyKey: `password-reset:${event.id}` });
  };
