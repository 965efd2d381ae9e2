import { Input, type InputProps } from '@chakra-ui/react';
import { useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { useEffect, useRef, useState, type Ref } from 'react';
import { fromGooglePlace, type PickedAddress } from '../lib/places';

const LIBRARIES: Libraries = ['places'];

interface GooglePlaceInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  apiKey: string;
  kind: 'city' | 'address';
  value: string;
  onValueChange(text: string): void;
  onPlace?(place: PickedAddress): void;
  attachDelayMs: number;
  inputRef?: Ref<HTMLInputElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Google Places autocomplete on a plain input (US only). The maps script is loaded once, on
 * demand; if it fails, a warning is logged and the field stays plain text (§5).
 */
export default function GooglePlaceInput({
  apiKey,
  kind,
  value,
  onValueChange,
  onPlace,
  attachDelayMs,
  inputRef,
  ...inputProps
}: GooglePlaceInputProps) {
  const { isLoaded, loadError } = useJsApiLoader({ id: 'limo-google-maps', googleMapsApiKey: apiKey, libraries: LIBRARIES });
  const element = useRef<HTMLInputElement | null>(null);
  const [delayed, setDelayed] = useState(attachDelayMs === 0);
  const onPlaceRef = useRef(onPlace);
  const onValueRef = useRef(onValueChange);
  onPlaceRef.current = onPlace;
  onValueRef.current = onValueChange;

  useEffect(() => {
    if (loadError) console.warn('Google Maps could not load; the place field stays plain text.', loadError);
  }, [loadError]);

  useEffect(() => {
    if (attachDelayMs === 0) return;
    const timer = setTimeout(() => setDelayed(true), attachDelayMs);
    return () => clearTimeout(timer);
  }, [attachDelayMs]);

  useEffect(() => {
    if (!isLoaded || loadError || !delayed || !element.current) return;
    const autocomplete = new google.maps.places.Autocomplete(element.current, {
      componentRestrictions: { country: 'us' },
      types: kind === 'city' ? ['(cities)'] : ['address'],
      fields: ['address_components', 'geometry', 'formatted_address'],
    });
    const listener = autocomplete.addListener('place_changed', () => {
      const picked = fromGooglePlace(autocomplete.getPlace());
      if (!picked) return;
      onValueRef.current(kind === 'city' ? `${picked.city}, ${picked.state}` : picked.formatted);
      onPlaceRef.current?.(picked);
    });
    return () => {
      listener.remove();
      google.maps.event.clearInstanceListeners(autocomplete);
    };
  }, [isLoaded, loadError, delayed, kind]);

  return (
    <Input
      {...inputProps}
      ref={(node) => {
        element.current = node;
        assignRef(inputRef, node);
      }}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}
