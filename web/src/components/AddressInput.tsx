import { Controller, useFormState, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { PickedAddress } from '../lib/places';
import { FormField } from './FormField';
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

/** The fields of a listing form that a picked address fills, besides the one it is typed into. */
type FilledAddressField = 'address' | 'city' | 'state' | 'zipCode' | 'latitude' | 'longitude';

export interface FullAddressFieldProps<T extends FieldValues> {
  control: Control<T>;
  helper: string;
  /** Sets one of the form's fields to the picked address's value. */
  fill(field: FilledAddressField, value: string): void;
}

/**
 * A listing form's required "Full Address" (its `fullAddress` field, with its error): picking a suggestion fills
 * the street, city, state, ZIP and coordinates; a ZIP typed already stays when the place has none.
 */
export function FullAddressField<T extends FieldValues & { fullAddress: string }>({ control, helper, fill }: FullAddressFieldProps<T>) {
  const name = 'fullAddress' as FieldPathByValue<T, string | null | undefined>;
  const formState = useFormState({ control, name });
  return (
    <FormField label="Full Address" required error={control.getFieldState(name, formState).error?.message} helper={helper}>
      <AddressInput
        control={control}
        name={name}
        autoComplete="street-address"
        onPlace={(place) => {
          fill('address', place.street);
          fill('city', place.city);
          fill('state', place.state);
          if (place.zipCode) fill('zipCode', place.zipCode);
          fill('latitude', String(place.latitude));
          fill('longitude', String(place.longitude));
        }}
      />
    </FormField>
  );
}
