import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  /** The message shown under the field, read out with it. */
  error?: string;
  required?: boolean;
  helper?: ReactNode;
  /** Id of the control, for controls that are not inputs (a date picker's button). */
  controlId?: string;
  children: ReactNode;
}

/** A labelled field with its error message next to it (the input inside gets the ids and aria-invalid). */
export function FormField({ label, error, required, helper, controlId, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} id={controlId}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
