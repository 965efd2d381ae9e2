import { formatTripDate } from '@limo/contracts';
import type { MailMessage } from '@limo/platform';
import type { QuoteDoc } from '../domain/quote.js';
import { oneLine } from './quote-details.js';
import { requestToCompanyMail } from './request-to-company.mail.js';

const INTRO = 'A customer found you on LimoDirectory and asks for a quote:';

/**
 * The mail a company gets for a request from its own page: everything needed to answer, with the
 * customer's address as Reply-To, and the dashboard link to mark it contacted.
 */
export function quoteToCompanyMail(quote: QuoteDoc, to: string, dashboardUrl: string): MailMessage {
  return requestToCompanyMail(quote, to, dashboardUrl, {
    subject: oneLine(`New quote request from ${quote.customerName}: ${quote.serviceType} on ${formatTripDate(quote.tripDate)}`),
    title: 'New quote request',
    introText: [INTRO],
    introHtml: INTRO,
    afterHtml:
      '\n<p style="color:#718096">Mark the request as contacted there once you have answered: it keeps your response time on LimoDirectory short.</p>',
    tag: 'quote-to-company',
  });
}
