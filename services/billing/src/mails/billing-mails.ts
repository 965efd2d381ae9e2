import type { ClaimApprovedV1, ClaimSubmittedV1 } from '@limo/contracts';
import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';
import type { CardView } from '../payments/payments.port.js';

/**
 * Billing's mails (besides claim-rejected.mail.ts), each with a plain-text and an HTML part. Every
 * sender passes an idempotency key derived from the payment, claim or event, so a redelivery mails once.
 */

/** Where the mails point: the site and its support address. */
export interface MailLinks {
  publicUrl: string;
  supportEmail: string;
}

/** $75.00 */
const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
/** May 1, 2026 (UTC, as the provider's periods are). */
export const longDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const cardText = (card: CardView | null): string =>
  card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}` : 'your card';
const billingUrl = (links: MailLinks): string => `${links.publicUrl}/dashboard?tab=billing`;

/** Plain text and HTML from the same paragraphs (each paragraph is text; links stay readable in both). */
function build(to: string, subject: string, tag: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    tag,
    text: paragraphs.join('\n\n'),
    html: mailLayout(subject, paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')),
  };
}

export interface ReceiptFacts {
  to: string;
  receiptNumber: string;
  amount: number;
  paidAt: string;
  card: CardView | null;
  companyName: string | null;
  /** The claim or listing this buys. */
  purpose: 'claim' | 'business_listing';
  renewal: boolean;
  /** End of the year paid for. */
  periodEnd: string | null;
}

/** The receipt of every successful charge: the checkout and each renewal. */
export function receiptMail(r: ReceiptFacts, links: MailLinks): MailMessage {
  const what =
    r.purpose === 'claim'
      ? `One year of Business Directory Access for your claim of ${r.companyName ?? 'your business'} (verified by our team within 1-2 business days)`
      : `One year of Business Directory Access for your listing ${r.companyName ?? ''}`.trim();
  return build(r.to, `Your LimoDirectory receipt ${r.receiptNumber}: ${money(r.amount)}`, 'receipt', [
    r.renewal ? 'Your yearly subscription renewed. Thank you!' : 'Thank you for your payment.',
    [
      `Receipt number: ${r.receiptNumber}`,
      `Amount paid: ${money(r.amount)}`,
      `Date: ${longDate(r.paidAt)}`,
      `Paid with: ${cardText(r.card)}`,
      `For: ${what}${r.periodEnd ? `, until ${longDate(r.periodEnd)}` : ''}.`,
    ].join('\n'),
    `The subscription renews automatically each year at ${money(r.amount)}. To cancel, open the Billing tab of your dashboard (${billingUrl(links)}) and choose "Cancel subscription": your listing stays active until the end of the year paid.`,
    `Questions? Write to ${links.supportEmail}.`,
  ]);
}

/** The claimer's confirmation that the paid claim was received and waits for review. */
export function claimSubmittedMail(data: ClaimSubmittedV1['data'], links: MailLinks): MailMessage {
  return build(data.claimerEmail, `We received your claim of ${data.companyName}`, 'claim-submitted', [
    `Hello ${data.claimerName},`,
    `We received your claim of ${data.companyName} and your payment of ${money(data.paymentAmount)} (your receipt comes in a separate e-mail).`,
    'Our team verifies claims within 1-2 business days. Until then you can open your dashboard and see your listing; profile changes go through a change request.',
    `Dashboard: ${links.publicUrl}/dashboard`,
    `Questions? Write to ${links.supportEmail}.`,
  ]);
}

/** The claimer's news that the claim was approved. */
export function claimApprovedMail(data: ClaimApprovedV1['data'], to: string, links: MailLinks): MailMessage {
  const name = data.companyName ?? 'your business';
  return build(to, `Your claim of ${name} was approved`, 'claim-approved', [
    `Good news: we verified your claim of ${name}. The listing is yours and shows as claimed.`,
    `Open your dashboard to edit it: ${links.publicUrl}/dashboard`,
    `Questions? Write to ${links.supportEmail}.`,
  ]);
}

/** A cancellation: when the listing stops (the end of the year paid, or now). */
export function subscriptionCancelledMail(
  c: { to: string; companyName: string | null; endsOn: string; atPeriodEnd: boolean },
  links: MailLinks,
): MailMessage {
  const what = c.companyName ? `for ${c.companyName} ` : '';
  return build(c.to, `Your subscription ${what}is cancelled`, 'subscription-cancelled', [
    c.atPeriodEnd
      ? `Your LimoDirectory subscription ${what}is cancelled and will not renew. Your listing stays active until ${longDate(c.endsOn)}.`
      : `Your LimoDirectory subscription ${what}ended on ${longDate(c.endsOn)}.`,
    c.atPeriodEnd
      ? `Changed your mind? Resume it before ${longDate(c.endsOn)} from the Billing tab of your dashboard: ${billingUrl(links)}`
      : `You can subscribe again any time from your dashboard: ${links.publicUrl}/dashboard`,
    `Questions? Write to ${links.supportEmail}.`,
  ]);
}

/** A renewal the card did not pay, with the link to update the card. */
export function paymentFailedMail(
  f: { to: string; companyName: string | null; amount: number; reason: string | null },
  links: MailLinks,
): MailMessage {
  return build(f.to, 'Your LimoDirectory payment failed: please update your card', 'payment-failed', [
    `We could not charge ${money(f.amount)} for the yearly renewal${f.companyName ? ` of ${f.companyName}` : ''}${f.reason ? ` (${f.reason})` : ''}.`,
    `Please update your card so your listing stays active: ${billingUrl(links)}`,
    'We will try again over the next days; if every attempt fails, the subscription ends.',
    `Questions? Write to ${links.supportEmail}.`,
  ]);
}

/** The notice 7 days before a yearly renewal: when, how much, which card, and how to cancel or change the card. */
export function renewalReminderMail(
  r: { to: string; companyName: string | null; amount: number; renewsOn: string; card: CardView | null },
  links: MailLinks,
): MailMessage {
  const what = r.companyName ? ` for ${r.companyName}` : '';
  return build(r.to, `Your LimoDirectory subscription renews on ${longDate(r.renewsOn)}`, 'renewal-reminder', [
    `Your yearly LimoDirectory subscription${what} renews on ${longDate(r.renewsOn)}: we will charge ${money(r.amount)} to ${cardText(r.card)}.`,
    `Nothing to do if that is fine. To update your card or cancel before then, open the Billing tab of your dashboard: ${billingUrl(links)}`,
    `Questions? Write to ${links.supportEmail}.`,
  ]);
}
