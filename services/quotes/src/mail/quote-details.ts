import { formatTripDate } from '@limo/contracts';
import { escapeHtml } from '@limo/platform';
import type { QuoteDetails } from '../domain/quote.js';

/** Text fit for a mail header: one line, no control characters, at most `max` characters. */
export function oneLine(text: string, max = 120): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The labelled lines of a request, in the order a dispatcher reads them; empty optional fields are left out. */
export function tripRows(d: QuoteDetails, options: { withCustomer: boolean }): Array<[string, string]> {
  const rows: Array<[string, string | null]> = [
    ...(options.withCustomer
      ? ([
          ['Customer', d.customerName],
          ['Email', d.customerEmail],
          ['Phone', d.customerPhone],
        ] as Array<[string, string]>)
      : []),
    ['Service', d.serviceType],
    ['Date', formatTripDate(d.tripDate)],
    ['Pickup time', d.tripTime],
    ['Passengers', d.passengerCount],
    ['Vehicle', d.vehicleType],
    ['Pickup location', d.pickupLocation],
    ['Dropoff location', d.dropoffLocation],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** The rows as plain-text lines. */
export function rowsText(rows: Array<[string, string]>): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/** The rows as an HTML table; every value is escaped. */
export function rowsHtml(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#4a5568;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table style="border-collapse:collapse;margin:12px 0">\n${cells}\n</table>`;
}

/** Free text as escaped HTML paragraphs, line breaks kept. */
export function paragraphHtml(text: string): string {
  return `<p style="white-space:pre-wrap;background:#f7fafc;border-left:3px solid #cbd5e0;padding:8px 12px">${escapeHtml(text)}</p>`;
}
