import { Input, SimpleGrid } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './FormField';
import { StateSelect } from './CompanySelects';

type LocationField = 'city' | 'state' | 'zipCode';

export interface CityStateZipFieldsProps {
  /** The form's `register` (its values have `city`, `state` and `zipCode`). */
  register(field: LocationField): UseFormRegisterReturn;
  /** The message of a field's error, if any. */
  error(field: LocationField): string | undefined;
  /** `address`: the browser may fill them from the visitor's address; `off`: never (an admin's form); unset: the browser's default. */
  autoComplete?: 'address' | 'off';
  /** Shown but not editable (the state select greys out). */
  readOnly?: boolean;
}

/** The City, State and ZIP Code row of every company form. */
export function CityStateZipFields({ register, error, autoComplete, readOnly }: CityStateZipFieldsProps) {
  const fill = (token: string) => (autoComplete === 'address' ? token : autoComplete);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <FormField label="City" error={error('city')}>
        <Input readOnly={readOnly} {...register('city')} autoComplete={fill('address-level2')} />
      </FormField>
      <FormField label="State" error={error('state')}>
        <StateSelect field={register('state')} disabled={readOnly} />
      </FormField>
      <FormField label="ZIP Code" error={error('zipCode')}>
        <Input readOnly={readOnly} {...register('zipCode')} inputMode="numeric" autoComplete={fill('postal-code')} />
      </FormField>
    </SimpleGrid>
  );
}
