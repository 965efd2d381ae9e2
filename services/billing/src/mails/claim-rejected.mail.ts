import type { ClaimRejectedV1 } from '@limo/contracts';
import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';

/** Tells the claimer the claim was rejected and the payment refunded. */
export function claimRejectedMail(data: ClaimRejectedV1['data'], supportEmail: string): MailMessage {
  const title = `Your claim of ${data.companyName} was not approved`;
  const amount = `$${(data.refundAmount / 100).toFixed(2)}`;
  const text = [
    `Hello ${data.claimerName},`,
    '',
    `We reviewed your claim of ${data.companyName} on LimoDirectory and could not approve it.`,
    ...(data.reason ? ['', `Reason: ${data.reason}`] : []),
    '',
    `Your payment of ${amount} has been refunded to your card; it usually shows within 5-10 business days.`,
    `Questions? Reply to this e-mail or write to ${supportEmail} (we answer within 24 hours).`,
  ].join('\n');
  const html = mailLayout(
    title,
    `<p>Hello ${escapeHtml(data.claimerName)},</p>
<p>We reviewed your claim of <strong>${escapeHtml(data.companyName)}</strong> on LimoDirectory and could not approve it.</p>
${data.reason ? `<p>Reason: ${escapeHtml(data.reason)}</p>` : ''}
<p>Your payment of ${escapeHtml(amount)} has been refunded to your card; it usually shows within 5-10 business days.</p>
<p>Questions? Write to ${escapeHtml(supportEmail)} (we answer within 24 hours).</p>`,
  );
  return { to: data.claimerEmail, subject: title, text, html, tag: 'claim-rejected' };
}
