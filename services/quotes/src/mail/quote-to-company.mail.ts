import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';
import type { QuoteDoc } from '../domain/quote.js';
import { formatTripDate, oneLine, paragraphHtml, rowsHtml, rowsText, tripRows } from './quote-details.js';

/**
 * The mail a company gets for a request from its own page: everything needed to answer, with the
 * customer's address as Reply-To, and the dashboard link to mark it contacted.
 */
export function quoteToCompanyMail(quote: QuoteDoc, to: string, dashboardUrl: string): MailMessage {
  const subject = oneLine(`New quote request from ${quote.customerName}: ${quote.serviceType} on ${formatTripDate(quote.tripDate)}`);
  const rows = tripRows(quote, { withCustomer: true });
  const text = [
    `Hello ${quote.companyName},`,
    '',
    'A customer found you on LimoDirectory and asks for a quote:',
    '',
    rowsText(rows),
    ...(quote.specialRequests ? ['', 'Special requests:', quote.specialRequests] : []),
    '',
    `Reply to this e-mail or call ${quote.customerPhone} to send your price.`,
    `Once you have contacted the customer, mark the request as contacted in your dashboard: ${dashboardUrl}`,
  ].join('\n');
  const html = mailLayout(
    'New quote request',
    `<p>Hello ${escapeHtml(quote.companyName)},</p>
<p>A customer found you on LimoDirectory and asks for a quote:</p>
${rowsHtml(rows)}
${quote.specialRequests ? `<p><strong>Special requests</strong></p>\n${paragraphHtml(quote.specialRequests)}` : ''}
<p>Reply to this e-mail or call ${escapeHtml(quote.customerPhone)} to send your price.</p>
<p><a href="${escapeHtml(dashboardUrl)}" style="background:#2b6cb0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your dashboard</a></p>
<p style="color:#718096">Mark the request as contacted there once you have answered: it keeps your response time on LimoDirectory short.</p>`,
  );
  return { to, subject, text, html, replyTo: quote.customerEmail, tag: 'quote-to-company' };
}
