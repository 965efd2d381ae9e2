import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';
import type { CityRequestDoc } from '../domain/city-request.js';
import type { QuoteDoc } from '../domain/quote.js';
import { oneLine, rowsHtml, rowsText, tripRows } from './quote-details.js';

// The customer's own free text is not echoed back: the form accepts any address, and a confirmation
// must not become a way to mail arbitrary text to a stranger.

/**
 * Confirms a request sent from a company's page: who got it and what was asked, with the customer's
 * single-use link to review the company once they rode with it.
 */
export function quoteConfirmationMail(quote: QuoteDoc, directoryUrl: string, reviewUrl: string): MailMessage {
  const title = 'Your quote request was sent';
  const rows = tripRows(quote, { withCustomer: false });
  const text = [
    `Hello ${quote.customerName},`,
    '',
    `Your quote request has been sent to ${quote.companyName}. They will contact you soon at this address or by phone.`,
    '',
    rowsText(rows),
    '',
    `After your trip, review ${quote.companyName} (this link works once): ${reviewUrl}`,
    '',
    `Looking for more offers? Browse other companies at ${directoryUrl}`,
  ].join('\n');
  const html = mailLayout(
    title,
    `<p>Hello ${escapeHtml(quote.customerName)},</p>
<p>Your quote request has been sent to <strong>${escapeHtml(quote.companyName)}</strong>. They will contact you soon at this address or by phone.</p>
${rowsHtml(rows)}
<p>After your trip, <a href="${escapeHtml(reviewUrl)}">review ${escapeHtml(quote.companyName)}</a> (this link works once).</p>
<p>Looking for more offers? <a href="${escapeHtml(directoryUrl)}">Browse other companies</a>.</p>`,
  );
  return { to: quote.customerEmail, subject: oneLine(`${title} to ${quote.companyName}`), text, html, tag: 'quote-confirmation' };
}

/**
 * Confirms a city-wide request: how many companies got it and which (an unclaimed listing is said to
 * be invited to claim its listing first), or (for a request stored before an
 * unserved city was answered 422 instead) that none serves the city yet.
 */
export function cityQuoteConfirmationMail(request: CityRequestDoc, directoryUrl: string): MailMessage {
  const n = request.companiesNotified;
  const title = n > 0 ? 'Your city-wide quote request was sent' : 'We could not find companies for your request';
  const outcome =
    n > 0
      ? `Your quote request has been sent to ${n} limousine ${n === 1 ? 'company' : 'companies'} in ${request.targetCity}. Quotes should arrive by e-mail within 24 hours.`
      : `No company listed on LimoDirectory serves ${request.targetCity} yet, so nobody received your request. Search the directory for companies in a nearby city.`;
  const rows = tripRows(request, { withCustomer: false });
  const contacted = (request.companies ?? []).map((c) => (c.invited ? `${c.name} (invited to claim its listing first)` : c.name));
  const listText = contacted.length > 0 ? ['', 'Companies contacted:', ...contacted.map((name) => `- ${name}`)] : [];
  const listHtml =
    contacted.length > 0
      ? `<p><strong>Companies contacted</strong></p>\n<ul>${contacted.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`
      : '';
  const text = [`Hello ${request.customerName},`, '', outcome, ...listText, '', rowsText(rows), '', `LimoDirectory: ${directoryUrl}`].join(
    '\n',
  );
  const html = mailLayout(
    title,
    `<p>Hello ${escapeHtml(request.customerName)},</p>
<p>${escapeHtml(outcome)}</p>
${listHtml}
${rowsHtml(rows)}
<p><a href="${escapeHtml(directoryUrl)}">LimoDirectory</a></p>`,
  );
  return { to: request.customerEmail, subject: oneLine(title), text, html, tag: 'city-quote-confirmation' };
}
