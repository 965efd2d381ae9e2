import { Fieldset, HStack, SimpleGrid } from '@chakra-ui/react';
import { SERVICES, VEHICLE_TYPES, type Term } from '@limo/contracts';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { colorValue } from '../theme';

export interface TermCheckboxesProps {
  legend: string;
  /** The canonical vocabulary offered (`SERVICES`, `VEHICLE_TYPES`). */
  terms: readonly Term[];
  /** Chosen slugs. */
  value: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

/**
 * A group of checkboxes over one canonical vocabulary; the chosen slugs keep the vocabulary's order.
 * Native inputs, not Chakra's CheckboxGroup: the browser journeys tick them with Playwright's `check()`,
 * which cannot act on Chakra's visually hidden input.
 */
export function TermCheckboxes({ legend, terms, value, onChange, disabled }: TermCheckboxesProps) {
  const toggle = (slug: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(slug);
    else chosen.delete(slug);
    onChange(terms.filter((t) => chosen.has(t.slug)).map((t) => t.slug));
  };
  return (
    <Fieldset.Root gap="1.5" disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gapX="4" gapY="2">
        {terms.map((term) => (
          <HStack as="label" key={term.slug} gap="2" fontSize="sm" cursor={disabled ? 'default' : 'pointer'}>
            <input
              type="checkbox"
              checked={value.includes(term.slug)}
              disabled={disabled}
              onChange={(e) => toggle(term.slug, e.target.checked)}
              style={{ width: 16, height: 16, accentColor: colorValue('brand.700') }}
            />
            {term.label}
          </HStack>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  );
}

/**
 * The two vocabulary pickers every company form has (Services, Vehicle Types), bound to the form's
 * `services` and `vehicleTypes` fields.
 */
export function VocabularyCheckboxes<T extends FieldValues, Sent extends FieldValues = T>({
  control,
  disabled,
}: {
  control: Control<T, unknown, Sent>;
  disabled?: boolean;
}) {
  const pickers = [
    { name: 'services', legend: 'Services', terms: SERVICES },
    { name: 'vehicleTypes', legend: 'Vehicle Types', terms: VEHICLE_TYPES },
  ] as const;
  return pickers.map(({ name, legend, terms }) => (
    <Controller
      key={name}
      control={control}
      // Every form this serves has both fields; a generic form type cannot say so to the compiler.
      name={name as Path<T>}
      render={({ field }) => (
        <TermCheckboxes
          legend={legend}
          terms={terms}
          value={(field.value as string[] | null | undefined) ?? []}
          onChange={field.onChange}
          disabled={disabled}
        />
      )}
    />
  ));
}
