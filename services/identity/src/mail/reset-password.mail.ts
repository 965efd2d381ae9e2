import type { PasswordResetRequestedV1 } from '@limo/contracts';
import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';

/** The password reset mail: the link, its one-hour lifetime, and what to do if it was not you. */
export function resetPasswordMail(data: PasswordResetRequestedV1['data']): MailMessage {
  const title = 'Reset your LimoDirectory password';
  const text = [
    `Hello ${data.username},`,
    '',
    'We received a request to reset the password of your LimoDirectory account.',
    'Open this link to choose a new password. It works once and expires in 1 hour:',
    '',
    data.resetUrl,
    '',
    "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
  ].join('\n');
  const html = mailLayout(
    title,
    `<p>Hello ${escapeHtml(data.username)},</p>
<p>We received a request to reset the password of your LimoDirectory account. The link works once and expires in 1 hour.</p>
<p><a href="${escapeHtml(data.resetUrl)}" style="background:#2b6cb0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset password</a></p>
<p style="word-break:break-all">${escapeHtml(data.resetUrl)}</p>
<p>If you didn't ask for this, you can ignore this e-mail: your password stays the same.</p>`,
  );
  return { to: data.email, subject: title, text, html, tag: 'password-reset' };
}
