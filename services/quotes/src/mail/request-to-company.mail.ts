import { escapeHtml, mailButton, mailLayout, type MailMessage } from '@limo/platform';
import type { QuoteDoc } from '../domain/quote.js';
import { paragraphHtml, rowsHtml, rowsText, tripRows } from './quote-details.js';

/** What differs between the mails a company gets for a request (from its page, or city-wide). */
export interface RequestMailParts {
  subject: string;
  /** The HTML layout's title. */
  title: string;
  /** The opening lines after "Hello <company>," in the text part. */
  introText: string[];
  /** The same opening as the HTML part's paragraph (escaped by the caller). */
  introHtml: string;
  /** HTML after the dashboard button. */
  afterHtml?: string;
  tag: string;
}

/**
 * The mail a company gets for a customer's request: the opening, every detail needed to answer,
 * the customer's address as Reply-To, and the dashboard link to mark it contacted.
 */
export function requestToCompanyMail(quote: QuoteDoc, to: string, dashboardUrl: string, parts: RequestMailParts): MailMessage {
  const rows = tripRows(quote, { withCustomer: true });
  const text = [
    `Hello ${quote.companyName},`,
    '',
    ...parts.introText,
    '',
    rowsText(rows),
    ...(quote.specialRequests ? ['', 'Special requests:', quote.specialRequests] : []),
    '',
    `Reply to this e-mail or call ${quote.customerPhone} to send your price.`,
    `Once you have contacted the customer, mark the request as contacted in your dashboard: ${dashboardUrl}`,
  ].join('\n');
  const html = mailLayout(
    parts.title,
    `<p>Hello ${escapeHtml(quote.companyName)},</p>
<p>${parts.introHtml}</p>
${rowsHtml(rows)}
${quote.specialRequests ? `<p><strong>Special requests</strong></p>\n${paragraphHtml(quote.specialRequests)}` : ''}
<p>Reply to this e-mail or call ${escapeHtml(quote.customerPhone)} to send your price.</p>
<p>${mailButton(dashboardUrl, 'Open your dashboard')}</p>${parts.afterHtml ?? ''}`,
  );
  return { to, subject: parts.subject, text, html, replyTo: quote.customerEmail, tag: parts.tag };
}
