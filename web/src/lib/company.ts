import type { Company } from '@limo/contracts';

/** §2 card defaults. */
export const DEFAULT_DESCRIPTION = 'Professional limousine services for all occasions.';
export const DEFAULT_PRICE_RANGE = '$$$';

/** "city, state", or "Location not specified". */
export function companyPlace(company: Pick<Company, 'city' | 'state'>): string {
  if (company.city && company.state) return `${company.city}, ${company.state}`;
  return company.city || company.state || 'Location not specified';
}

/** `tel:` link of a phone number as typed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A website link that always leaves the site (bare domains get https://). */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/**
 * An e-mail address split where a line may break: after the "@" and before each dot, never inside
 * a word (a narrow column used to wrap "info@ocean-limo.com" mid-word).
 */
export function emailBreakPoints(email: string): string[] {
  const at = email.indexOf('@');
  if (at < 0) return [email];
  const domain = email.slice(at + 1).split(/(?=\.)/);
  return [email.slice(0, at + 1), ...domain];
}
