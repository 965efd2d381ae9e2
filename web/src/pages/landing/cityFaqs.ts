import type { CityPageData } from '@limo/contracts';
import type { FaqItem } from '../../components/FaqAccordion';

const companies = (n: number) => `${n} limousine ${n === 1 ? 'company' : 'companies'}`;

/** The city page's questions, answered from the city's own figures (no figure, no question). */
export function cityFaqs(data: CityPageData): FaqItem[] {
  const { figures, city } = data;
  const where = `${city}, ${data.state}`;
  const faqs: FaqItem[] = [
    {
      q: `How many limo companies serve ${city}?`,
      a: `${companies(figures.companyCount)} in ${where} ${figures.companyCount === 1 ? 'is' : 'are'} listed on LimoDirectory.`,
    },
  ];
  if (figures.averageHourlyRate !== null) {
    const range =
      figures.lowestHourlyRate !== figures.highestHourlyRate
        ? ` Starting rates range from $${figures.lowestHourlyRate} to $${figures.highestHourlyRate} per hour.`
        : '';
    faqs.push({
      q: `How much does a limousine cost in ${city}?`,
      a: `Companies in ${where} that publish their rates start at $${figures.averageHourlyRate} per hour on average.${range} The price depends on the vehicle, the day and the length of the booking.`,
    });
  }
  if (figures.averageRating !== null) {
    faqs.push({
      q: `How are ${city} limo companies rated?`,
      a: `Their average rating is ${figures.averageRating.toFixed(1)} out of 5, from ${figures.reviewCount} approved ${figures.reviewCount === 1 ? 'review' : 'reviews'} by customers.`,
    });
  }
  const top = figures.services.slice(0, 3);
  if (top.length) {
    faqs.push({
      q: `What limo services are offered in ${city}?`,
      a: `${top.map((s) => `${s.service} (${s.count} ${s.count === 1 ? 'company' : 'companies'})`).join(', ')}${figures.services.length > top.length ? `, and ${figures.services.length - top.length} more` : ''}.`,
    });
  }
  faqs.push({
    q: 'Can I get quotes from several companies at once?',
    a: `Yes. "Request City Quotes" sends one free request to the limousine companies in ${where} that match your trip best; they reply by e-mail, usually within 24 hours.`,
  });
  return faqs;
}
