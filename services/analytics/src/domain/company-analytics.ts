import type { CompanyAnalyticsDay, CompanyAnalyticsFigures } from '@limo/contracts';
import { daysBetween, type CompanyDayRow } from '@limo/analytics-store';

const zero = (): CompanyAnalyticsFigures => ({ profileViews: 0, searchAppearances: 0, quoteRequests: 0, callClicks: 0, websiteClicks: 0 });

/** The figure each stored action counts in (other actions count in none). */
const FIGURE_OF = new Map<string, keyof CompanyAnalyticsFigures>([
  ['company_view', 'profileViews'],
  ['search_appearance', 'searchAppearances'],
  ['quote_request', 'quoteRequests'],
  ['call_click', 'callClicks'],
  ['website_click', 'websiteClicks'],
]);

/** Adds one stored row to a day's figures: profile views count distinct visitors of the day, the rest count events. */
function add(figures: CompanyAnalyticsFigures, row: CompanyDayRow): void {
  const figure = FIGURE_OF.get(row.actionType);
  if (figure) figures[figure] += figure === 'profileViews' ? row.visitors : row.events;
}

/** Totals of the rows between `from` and `to` (yyyy-MM-dd, included). */
export function totalsOf(rows: CompanyDayRow[], from: string, to: string): CompanyAnalyticsFigures {
  const totals = zero();
  for (const row of rows) if (row.day >= from && row.day <= to) add(totals, row);
  return totals;
}

/** One entry per day from `from` to `to`, oldest first, zeros for days without events. */
export function dailySeries(rows: CompanyDayRow[], from: string, to: string): CompanyAnalyticsDay[] {
  const byDay = new Map<string, CompanyAnalyticsFigures>();
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    const figures = byDay.get(row.day) ?? zero();
    add(figures, row);
    byDay.set(row.day, figures);
  }
  return daysBetween(from, to).map((date) => ({ date, ...(byDay.get(date) ?? zero()) }));
}
