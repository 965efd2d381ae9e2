import { Input, type InputProps } from '@chakra-ui/react';
import { lazy, Suspense, type Ref } from 'react';
import { MAPS_KEY, suggestAddresses, suggestCities, type PickedAddress } from '../lib/places';
import { Combobox } from './Combobox';

const GooglePlaceInput = lazy(() => import('./GooglePlaceInput'));

export interface PlaceInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** `city` suggests cities only; `address` suggests full addresses (§5). */
  kind: 'city' | 'address';
  value: string;
  onValueChange(text: string): void;
  /** Called when a suggestion is picked. */
  onPlace?(place: PickedAddress): void;
  /** Without a maps key, suggest addresses from the gazetteer (street typed, city looked up). */
  offlineAddresses?: boolean;
  /** Wait this long before attaching Google's autocomplete (dialogs animate in first). */
  attachDelayMs?: number;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A place field limited to the United States: Google Places when the build has a maps key, else
 * the offline gazetteer's suggestions, else plain text.
 */
export function PlaceInput({
  kind,
  value,
  onValueChange,
  onPlace,
  offlineAddresses = false,
  attachDelayMs = 0,
  ref,
  ...inputProps
}: PlaceInputProps) {
  if (MAPS_KEY) {
    const plain = <Input ref={ref} {...inputProps} value={value} onChange={(e) => onValueChange(e.target.value)} />;
    return (
      <Suspense fallback={plain}>
        <GooglePlaceInput
          apiKey={MAPS_KEY}
          kind={kind}
          value={value}
          onValueChange={onValueChange}
          onPlace={onPlace}
          attachDelayMs={attachDelayMs}
          inputRef={ref}
          {...inputProps}
        />
      </Suspense>
    );
  }
  if (kind === 'city') {
    return (
      <Combobox
        ref={ref}
        {...inputProps}
        value={value}
        onValueChange={onValueChange}
        suggest={suggestCities}
        onPick={(option) => {
          onValueChange(option.label);
          onPlace?.({
            formatted: option.label,
            street: '',
            city: option.value.city,
            state: option.value.state,
            zipCode: '',
            latitude: option.value.latitude,
            longitude: option.value.longitude,
          });
        }}
      />
    );
  }
  if (offlineAddresses) {
    return (
      <Combobox
        ref={ref}
        {...inputProps}
        value={value}
        onValueChange={onValueChange}
        suggest={suggestAddresses}
        minChars={4}
        onPick={(option) => {
          onValueChange(option.label);
          onPlace?.(option.value);
        }}
      />
    );
  }
  return <Input ref={ref} {...inputProps} value={value} onChange={(e) => onValueChange(e.target.value)} />;
}
