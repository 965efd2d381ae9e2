import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';
import type { QuoteDoc } from '../domain/quote.js';
import { formatTripDate, oneLine, paragraphHtml, rowsHtml, rowsText, tripRows } from './quote-details.js';

/**
 * The mail each company of a city gets for a city-wide request: the same details as a direct request,
 * plus the city and how many companies received it (the customer compares offers).
 */
export function cityQuoteToCompanyMail(quote: QuoteDoc, to: string, dashboardUrl: string): MailMessage {
  const city = quote.targetCity ?? 'your city';
  const others = quote.cityCompaniesNotified ?? 1;
  const reach = others > 1 ? `${others} companies serving ${city}, yours among them` : `your company, serving ${city}`;
  const subject = oneLine(`City-wide quote request for ${city}: ${quote.serviceType} on ${formatTripDate(quote.tripDate)}`);
  const rows = tripRows(quote, { withCustomer: true });
  const text = [
    `Hello ${quote.companyName},`,
    '',
    `A customer looking for a ride in ${city} sent this request through LimoDirectory to ${reach}.`,
    'The customer compares the offers that arrive: a quick answer has the best chance.',
    '',
    rowsText(rows),
    ...(quote.specialRequests ? ['', 'Special requests:', quote.specialRequests] : []),
    '',
    `Reply to this e-mail or call ${quote.customerPhone} to send your price.`,
    `Once you have contacted the customer, mark the request as contacted in your dashboard: ${dashboardUrl}`,
  ].join('\n');
  const html = mailLayout(
    `City-wide quote request for ${city}`,
    `<p>Hello ${escapeHtml(quote.companyName)},</p>
<p>A customer looking for a ride in <strong>${escapeHtml(city)}</strong> sent this request through LimoDirectory to ${escapeHtml(reach)}.
The customer compares the offers that arrive: a quick answer has the best chance.</p>
${rowsHtml(rows)}
${quote.specialRequests ? `<p><strong>Special requests</strong></p>\n${paragraphHtml(quote.specialRequests)}` : ''}
<p>Reply to this e-mail or call ${escapeHtml(quote.customerPhone)} to send your price.</p>
<p><a href="${escapeHtml(dashboardUrl)}" style="background:#2b6cb0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your dashboard</a></p>`,
  );
  return { to, subject, text, html, replyTo: quote.customerEmail, tag: 'city-quote-to-company' };
}
