import type { PasswordResetRequestedV1 } from '@limo/contracts';
import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';

/** The password reset mail: the link, its one-hour lifetime, and what to do if it was not you. */
export function resetPasswordMail(data: PasswordResetRequestedV1['data']): MailMessage {
  if (data.purpose === 'claim-account') return setPasswordMail(data);
  if (data.purpose === 'claim-existing') return claimExistingMail(data);
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

/** After a signed-out paid claim naming an existing account: sign in, or reset the password with the link. */
function claimExistingMail(data: PasswordResetRequestedV1['data']): MailMessage {
  const company = data.companyName ?? 'your business';
  const title = 'Your LimoDirectory claim: sign in or reset your password';
  const text = [
    `Hello ${data.username},`,
    '',
    `Thank you for claiming ${company} on LimoDirectory. The claim is linked to your existing account ${data.email}.`,
    'Sign in with your password to open your dashboard, or reset your password with this link. It works once and expires in 1 hour:',
    '',
    data.resetUrl,
    '',
    'Your claim is reviewed within 1-2 business days. If you did not make this claim, contact support.',
  ].join('\n');
  const html = mailLayout(
    title,
    `<p>Hello ${escapeHtml(data.username)},</p>
<p>Thank you for claiming <strong>${escapeHtml(company)}</strong> on LimoDirectory. The claim is linked to your existing account ${escapeHtml(data.email)}.</p>
<p>Sign in with your password to open your dashboard, or reset your password with this link. It works once and expires in 1 hour.</p>
<p><a href="${escapeHtml(data.resetUrl)}" style="background:#2b6cb0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset password</a></p>
<p style="word-break:break-all">${escapeHtml(data.resetUrl)}</p>
<p>Your claim is reviewed within 1-2 business days. If you did not make this claim, contact support.</p>`,
  );
  return { to: data.email, subject: title, text, html, tag: 'password-reset' };
}

/** After a paid claim without an account: the account exists, the claimer chooses its first password. */
function setPasswordMail(data: PasswordResetRequestedV1['data']): MailMessage {
  const company = data.companyName ?? 'your business';
  const title = 'Set your LimoDirectory password';
  const text = [
    `Hello,`,
    '',
    `Thank you for claiming ${company} on LimoDirectory. We made a business account for ${data.email}.`,
    'Open this link to choose your password. It works once and expires in 1 hour (ask for a new one from "Forgot password" any time):',
    '',
    data.resetUrl,
    '',
    'Your claim is reviewed within 1-2 business days; you can open your dashboard right after setting the password.',
  ].join('\n');
  const html = mailLayout(
    title,
    `<p>Hello,</p>
<p>Thank you for claiming <strong>${escapeHtml(company)}</strong> on LimoDirectory. We made a business account for ${escapeHtml(data.email)}.</p>
<p>Choose your password with this link. It works once and expires in 1 hour (ask for a new one from "Forgot password" any time).</p>
<p><a href="${escapeHtml(data.resetUrl)}" style="background:#2b6cb0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Set password</a></p>
<p style="word-break:break-all">${escapeHtml(data.resetUrl)}</p>
<p>Your claim is reviewed within 1-2 business days; you can open your dashboard right after setting the password.</p>`,
  );
  return { to: data.email, subject: title, text, html, tag: 'password-reset' };
}
