import type { UseFormRegisterReturn } from 'react-hook-form';
import { OptionSelect } from './OptionSelect';

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
  const choices = options.map((o) => ({ value: o, label: optionLabel(o) }));
  return (
    <OptionSelect
      {...registration}
      placeholder={placeholder}
      options={anyLabel === undefined ? choices : [{ value: '', label: anyLabel }, ...choices]}
    />
  );
}
