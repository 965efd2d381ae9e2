import type { InputProps } from '@chakra-ui/react';
import { lazy, Suspense, type Ref } from 'react';
import { useMapsConfig } from '../lib/mapsConfig';
import { suggestAddresses, suggestCities, type PickedAddress } from '../lib/places';
import { Combobox, type ComboboxOption } from './Combobox';

const GooglePlaceInput = lazy(() => import('./GooglePlaceInput'));

export interface PlaceInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** `city` suggests cities only; `address` suggests full addresses (§5). */
  kind: 'city' | 'address';
  value: string;
  onValueChange(text: string): void;
  /** Called when a suggestion is picked. */
  onPlace?(place: PickedAddress): void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A place field limited to the United States: Google's Places autocomplete when a maps key is
 * configured (read at run time), else the offline gazetteer's suggestions (cities, or a typed street
 * with its city looked up). Until the key is known, and if Google cannot load, the gazetteer's field.
 */
export function PlaceInput(props: PlaceInputProps) {
  const apiKey = useMapsConfig()?.googleMapsApiKey;
  const offline = <OfflinePlaceInput {...props} />;
  if (!apiKey) return offline;
  const { kind, value, onValueChange, onPlace, placeholder } = props;
  return (
    <Suspense fallback={offline}>
      <GooglePlaceInput
        apiKey={apiKey}
        kind={kind}
        value={value}
        onValueChange={onValueChange}
        onPlace={onPlace}
        label={props['aria-label']}
        placeholder={placeholder}
        fallback={offline}
      />
    </Suspense>
  );
}

/** The gazetteer's city suggestions, each as the place it picks (a city has no street or ZIP code). */
async function suggestCityPlaces(text: string, signal: AbortSignal): Promise<Array<ComboboxOption<PickedAddress>>> {
  return (await suggestCities(text, signal)).map(({ key, label, value: city }) => ({
    key,
    label,
    value: {
      formatted: label,
      street: '',
      city: city.city,
      state: city.state,
      zipCode: '',
      latitude: city.latitude,
      longitude: city.longitude,
    },
  }));
}

/** The gazetteer's suggestions (`GET /api/geo/cities`), the field of every visitor when no maps key is set. */
function OfflinePlaceInput({ kind, value, onValueChange, onPlace, ref, ...inputProps }: PlaceInputProps) {
  const city = kind === 'city';
  return (
    <Combobox
      ref={ref}
      {...inputProps}
      value={value}
      onValueChange={onValueChange}
      suggest={city ? suggestCityPlaces : suggestAddresses}
      minChars={city ? 2 : 4}
      onPick={(option) => {
        onValueChange(option.label);
        onPlace?.(option.value);
      }}
    />
  );
}
