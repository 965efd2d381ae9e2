import { formatTripDate } from '@limo/contracts';
import { escapeHtml, type MailMessage } from '@limo/platform';
import type { QuoteDoc } from '../domain/quote.js';
import { oneLine } from './quote-details.js';
import { requestToCompanyMail } from './request-to-company.mail.js';

const COMPARE = 'The customer compares the offers that arrive: a quick answer has the best chance.';

/**
 * The mail each company of a city gets for a city-wide request: the same details as a direct request,
 * plus the city and how many companies received it (the customer compares offers).
 */
export function cityQuoteToCompanyMail(quote: QuoteDoc, to: string, dashboardUrl: string): MailMessage {
  const city = quote.targetCity ?? 'your city';
  const others = quote.cityCompaniesNotified ?? 1;
  const reach = others > 1 ? `${others} companies serving ${city}, yours among them` : `your company, serving ${city}`;
  return requestToCompanyMail(quote, to, dashboardUrl, {
    subject: oneLine(`City-wide quote request for ${city}: ${quote.serviceType} on ${formatTripDate(quote.tripDate)}`),
    title: `City-wide quote request for ${city}`,
    introText: [`A customer looking for a ride in ${city} sent this request through LimoDirectory to ${reach}.`, COMPARE],
    introHtml: `A customer looking for a ride in <strong>${escapeHtml(city)}</strong> sent this request through LimoDirectory to ${escapeHtml(reach)}.\n${COMPARE}`,
    tag: 'city-quote-to-company',
  });
}
