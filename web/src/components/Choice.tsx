import { NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface ChoiceProps {
  /** The form field the choice is registered as. */
  registration: UseFormRegisterReturn;
  options: readonly string[];
  /** The empty first option's text, asking for a choice (e.g. "Select a time"). */
  placeholder?: string;
  /** An empty first option that is a choice of its own (e.g. "No preference"). */
  anyLabel?: string;
  /** An option's text; the option itself by default. */
  optionLabel?(option: string): string;
}

/** A form's native select of fixed options (Chakra's `NativeSelect`). */
export function Choice({ registration, options, placeholder, anyLabel, optionLabel = (option) => option }: ChoiceProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...registration} placeholder={placeholder}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
