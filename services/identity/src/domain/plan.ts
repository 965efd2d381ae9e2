/** The one plan the product sells: $75 a year, auto-renewing. */
export const YEARLY_PLAN_PRICE_DOLLARS = 75;
