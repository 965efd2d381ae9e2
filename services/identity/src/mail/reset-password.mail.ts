import type { PasswordResetRequestedV1 } from '@limo/contracts';
import { escapeHtml, mailButton, mailLayout, type MailMessage } from '@limo/platform';

type ResetData = PasswordResetRequestedV1['data'];

/** The password reset mail: the link, its one-hour lifetime, and what to do if it was not you. */
export function resetPasswordMail(data: ResetData): MailMessage {
  if (data.purpose === 'claim-account') return setPasswordMail(data);
  if (data.purpose === 'claim-existing') return claimExistingMail(data);
  return passwordLinkMail(data, {
    title: 'Reset your LimoDirectory password',
    name: data.username,
    introText: [
      'We received a request to reset the password of your LimoDirectory account.',
      'Open this link to choose a new password. It works once and expires in 1 hour:',
    ],
    introHtml: ['We received a request to reset the password of your LimoDirectory account. The link works once and expires in 1 hour.'],
    button: 'Reset password',
    closing: "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
  });
}

/** After a signed-out paid claim naming an existing account: sign in, or reset the password with the link. */
function claimExistingMail(data: ResetData): MailMessage {
  const company = data.companyName ?? 'your business';
  return passwordLinkMail(data, {
    title: 'Your LimoDirectory claim: sign in or reset your password',
    name: data.username,
    introText: [
      `Thank you for claiming ${company} on LimoDirectory. The claim is linked to your existing account ${data.email}.`,
      'Sign in with your password to open your dashboard, or reset your password with this link. It works once and expires in 1 hour:',
    ],
    introHtml: [
      `Thank you for claiming <strong>${escapeHtml(company)}</strong> on LimoDirectory. The claim is linked to your existing account ${escapeHtml(data.email)}.`,
      'Sign in with your password to open your dashboard, or reset your password with this link. It works once and expires in 1 hour.',
    ],
    button: 'Reset password',
    closing: 'Your claim is reviewed within 1-2 business days. If you did not make this claim, contact support.',
  });
}

/** After a paid claim without an account: the account exists, the claimer chooses its first password. */
function setPasswordMail(data: ResetData): MailMessage {
  const company = data.companyName ?? 'your business';
  return passwordLinkMail(data, {
    title: 'Set your LimoDirectory password',
    name: null,
    introText: [
      `Thank you for claiming ${company} on LimoDirectory. We made a business account for ${data.email}.`,
      'Open this link to choose your password. It works once and expires in 1 hour (ask for a new one from "Forgot password" any time):',
    ],
    introHtml: [
      `Thank you for claiming <strong>${escapeHtml(company)}</strong> on LimoDirectory. We made a business account for ${escapeHtml(data.email)}.`,
      'Choose your password with this link. It works once and expires in 1 hour (ask for a new one from "Forgot password" any time).',
    ],
    button: 'Set password',
    closing: 'Your claim is reviewed within 1-2 business days; you can open your dashboard right after setting the password.',
  });
}

/** What differs between the mails of a password link. */
interface PasswordLink {
  title: string;
  /** Whom "Hello" names (null: nobody). */
  name: string | null;
  /** The text part's lines before the link. */
  introText: string[];
  /** The HTML part's paragraphs before the button (escaped by the caller). */
  introHtml: string[];
  button: string;
  /** The last paragraph of both parts (text that needs no escaping). */
  closing: string;
}

/** A mail of the event's password link: greeting, opening, the link (a button, then spelled out), closing. */
function passwordLinkMail(data: ResetData, mail: PasswordLink): MailMessage {
  const text = [mail.name === null ? 'Hello,' : `Hello ${mail.name},`, '', ...mail.introText, '', data.resetUrl, '', mail.closing].join(
    '\n',
  );
  const html = mailLayout(
    mail.title,
    [
      `<p>Hello${mail.name === null ? '' : ` ${escapeHtml(mail.name)}`},</p>`,
      ...mail.introHtml.map((paragraph) => `<p>${paragraph}</p>`),
      `<p>${mailButton(data.resetUrl, mail.button)}</p>`,
      `<p style="word-break:break-all">${escapeHtml(data.resetUrl)}</p>`,
      `<p>${mail.closing}</p>`,
    ].join('\n'),
  );
  return { to: data.email, subject: mail.title, text, html, tag: 'password-reset' };
}
