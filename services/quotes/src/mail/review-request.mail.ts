import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';
import type { QuoteDoc } from '../domain/quote.js';
import { oneLine } from './quote-details.js';

/** A few days after the trip: how was it? With the customer's single-use link to review the company. */
export function reviewReminderMail(quote: QuoteDoc, reviewUrl: string): MailMessage {
  const title = `How was your trip with ${quote.companyName}?`;
  const ask = `Your review helps other customers choose. It takes a minute, and it will be marked "Verified customer".`;
  const text = [
    `Hello ${quote.customerName},`,
    '',
    `${title} ${ask}`,
    '',
    `Review ${quote.companyName}: ${reviewUrl}`,
    '',
    'This link works once.',
  ].join('\n');
  const html = mailLayout(
    title,
    `<p>Hello ${escapeHtml(quote.customerName)},</p>
<p>${escapeHtml(title)} ${escapeHtml(ask)}</p>
<p><a href="${escapeHtml(reviewUrl)}">Review ${escapeHtml(quote.companyName)}</a></p>
<p>This link works once.</p>`,
  );
  return { to: quote.customerEmail, subject: oneLine(title), text, html, tag: 'review-reminder' };
}
