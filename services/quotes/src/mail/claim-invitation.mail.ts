import { formatTripDate } from '@limo/contracts';
import { escapeHtml, mailButton, mailLayout, type MailMessage } from '@limo/platform';
import type { CityRequestDoc } from '../domain/city-request.js';
import { oneLine } from './quote-details.js';

/**
 * What an unclaimed listing chosen for a city-wide request gets instead of the request: that a
 * customer asked for a ride in its city, what kind, and a link to claim the listing to receive such
 * requests. Never the customer's name, e-mail, phone, places or notes.
 */
export function claimInvitationMail(
  request: CityRequestDoc,
  company: { id: string; name: string },
  to: string,
  publicUrl: string,
): MailMessage {
  const claimUrl = `${publicUrl}/claim-business?companyId=${encodeURIComponent(company.id)}`;
  const city = request.targetCity;
  const wish = `${request.serviceType}${request.vehicleType ? ` (${request.vehicleType})` : ''} on ${formatTripDate(request.tripDate)}`;
  const subject = oneLine(`A customer in ${city} is looking for a limousine: claim ${company.name} to answer`);
  const text = [
    `Hello ${company.name},`,
    '',
    `A customer looking for a ride in ${city} sent a quote request through LimoDirectory: ${wish}.`,
    `Your listing was among the companies best matched to it, but it is not claimed yet, so we could not pass the request on.`,
    '',
    `Claim your listing to receive requests like this one, answer them from your dashboard, and show customers you are the owner: ${claimUrl}`,
  ].join('\n');
  const html = mailLayout(
    'A customer is looking for a limousine in your city',
    `<p>Hello ${escapeHtml(company.name)},</p>
<p>A customer looking for a ride in <strong>${escapeHtml(city)}</strong> sent a quote request through LimoDirectory: ${escapeHtml(wish)}.</p>
<p>Your listing was among the companies best matched to it, but it is not claimed yet, so we could not pass the request on.</p>
<p>${mailButton(claimUrl, 'Claim your listing')} to receive requests like this one and answer them from your dashboard.</p>`,
  );
  return { to, subject, text, html, tag: 'city-quote-claim-invitation' };
}
