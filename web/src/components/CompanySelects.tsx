import type { UseFormRegisterReturn } from 'react-hook-form';
import { PRICE_RANGES } from '@limo/contracts';
import { US_STATES } from '../../../packages/geo/src/us-states';
import { OptionSelect } from './OptionSelect';

const STATE_OPTIONS = [
  { value: '', label: 'Select a state' },
  ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${code} - ${name}` })),
];
const PRICE_RANGE_OPTIONS = [{ value: '', label: 'Select a price range' }, ...PRICE_RANGES.map((p) => ({ value: p.slug, label: p.label }))];

/** A select on a react-hook-form field (`register('state')`); `disabled` greys it out (read-only forms). */
export interface CompanySelectProps {
  field: UseFormRegisterReturn;
  disabled?: boolean;
}

/** The state select of every company form ("FL - Florida"). */
export function StateSelect({ field, disabled }: CompanySelectProps) {
  return <OptionSelect {...field} root={{ disabled }} options={STATE_OPTIONS} />;
}

/** The price range select of every company form (canonical slugs). */
export function PriceRangeSelect({ field, disabled }: CompanySelectProps) {
  return <OptionSelect {...field} root={{ disabled }} options={PRICE_RANGE_OPTIONS} />;
}
