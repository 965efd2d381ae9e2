import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { PickedAddress } from '../lib/places';
import { PlaceInput } from './PlaceInput';

export interface AddressInputProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's text field the address is typed into. */
  name: FieldPathByValue<T, string | null | undefined>;
  placeholder?: string;
  autoComplete?: string;
  /** Called when a suggestion is picked (to fill the street, city, state, ZIP and coordinates). */
  onPlace?(place: PickedAddress): void;
}

/** A form's street address with US suggestions: Google's with a maps key, the gazetteer's without (public §2, §5). */
export function AddressInput<T extends FieldValues>({ control, name, placeholder, autoComplete, onPlace }: AddressInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PlaceInput
          kind="address"
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onPlace={onPlace}
        />
      )}
    />
  );
}
