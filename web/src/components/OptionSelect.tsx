import { NativeSelect } from '@chakra-ui/react';

/** One option of a select: the value it sets and the text it shows. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface OptionSelectProps extends Omit<NativeSelect.FieldProps, 'children'> {
  options: readonly SelectOption[];
  /** The root's own props (size, width, disabled). */
  root?: NativeSelect.RootProps;
}

/** A native select of fixed options (Chakra's `NativeSelect`); the field's props (value, onChange, a registration) go to the select. */
export function OptionSelect({ options, root, ...field }: OptionSelectProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
