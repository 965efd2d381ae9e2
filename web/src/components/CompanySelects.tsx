import { NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PRICE_RANGES } from '@limo/contracts';
import { US_STATES } from '../../../packages/geo/src/us-states';

/** A select on a react-hook-form field (`register('state')`); `disabled` greys it out (read-only forms). */
export interface CompanySelectProps {
  field: UseFormRegisterReturn;
  disabled?: boolean;
}

/** The state select of every company form ("FL - Florida"). */
export function StateSelect({ field, disabled }: CompanySelectProps) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...field}>
        <option value="">Select a state</option>
        {Object.entries(US_STATES).map(([code, name]) => (
          <option key={code} value={code}>
            {code} - {name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The price range select of every company form (canonical slugs). */
export function PriceRangeSelect({ field, disabled }: CompanySelectProps) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...field}>
        <option value="">Select a price range</option>
        {PRICE_RANGES.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
