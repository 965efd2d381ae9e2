import { Checkbox, CheckboxGroup, Fieldset, SimpleGrid } from '@chakra-ui/react';
import { SERVICES, VEHICLE_TYPES, type Term } from '@limo/contracts';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface TermCheckboxesProps {
  legend: string;
  /** The canonical vocabulary offered (`SERVICES`, `VEHICLE_TYPES`). */
  terms: readonly Term[];
  /** Chosen slugs. */
  value: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

/** A group of checkboxes over one canonical vocabulary (Chakra's CheckboxGroup); the chosen slugs keep the vocabulary's order. */
export function TermCheckboxes({ legend, terms, value, onChange, disabled }: TermCheckboxesProps) {
  return (
    <Fieldset.Root gap="1.5" disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <CheckboxGroup
        value={[...value]}
        onValueChange={(chosen) => onChange(terms.filter((t) => chosen.includes(t.slug)).map((t) => t.slug))}
        disabled={disabled}
      >
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gapX="4" gapY="2">
          {terms.map((term) => (
            <Checkbox.Root key={term.slug} value={term.slug} size="sm" colorPalette="brand">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="normal">{term.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </CheckboxGroup>
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
