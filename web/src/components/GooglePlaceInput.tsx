import { Box, type BoxProps } from '@chakra-ui/react';
import { useJsApiLoader } from '@react-google-maps/api';
import { useEffect, useRef } from 'react';
import { GOOGLE_LOADER } from '../lib/googleMaps';
import { fromGooglePlace, type PickedAddress } from '../lib/places';

interface GooglePlaceInputProps {
  apiKey: string;
  kind: 'city' | 'address';
  value: string;
  onValueChange(text: string): void;
  onPlace?(place: PickedAddress): void;
  /** The field's accessible name (the web component renders its own input). */
  label?: string;
  placeholder?: string;
  /** Shown until the Places library is ready, and for good if it cannot load. */
  fallback: React.ReactNode;
  boxProps?: BoxProps;
}

/** The selection events of the current element (`gmp-select`) and of its earlier release (`gmp-placeselect`). */
interface PlaceSelectEvent extends Event {
  placePrediction?: { toPlace(): google.maps.places.Place };
  place?: google.maps.places.Place;
}

/** The current element's options, newer than the bundled typings. */
interface CurrentAutocompleteOptions {
  includedRegionCodes: string[];
  includedPrimaryTypes?: string[];
}

/**
 * Google's current Places API (`PlaceAutocompleteElement`, US only), which replaced the legacy
 * `places.Autocomplete` closed to new customers in 2025. The maps script loads on demand with the
 * run-time key; if it fails, a warning is logged and the plain field (`fallback`) stays (§5).
 */
export default function GooglePlaceInput({
  apiKey,
  kind,
  value,
  onValueChange,
  onPlace,
  label,
  placeholder,
  fallback,
  boxProps,
}: GooglePlaceInputProps) {
  const { isLoaded, loadError } = useJsApiLoader({ ...GOOGLE_LOADER, googleMapsApiKey: apiKey });
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onPlace, onValueChange });
  callbacks.current = { onPlace, onValueChange };
  const initial = useRef(value);

  useEffect(() => {
    if (loadError) console.warn('Google Maps could not load; the place field stays plain text.', loadError);
  }, [loadError]);

  useEffect(() => {
    const container = host.current;
    if (!isLoaded || loadError || !container) return;
    const options: CurrentAutocompleteOptions = {
      includedRegionCodes: ['us'],
      ...(kind === 'city' ? { includedPrimaryTypes: ['(cities)'] } : {}),
    };
    const element = new google.maps.places.PlaceAutocompleteElement({});
    Object.assign(element, options);
    if (label) element.setAttribute('aria-label', label);
    if (placeholder) element.setAttribute('placeholder', placeholder);
    if (initial.current) element.setAttribute('value', initial.current);
    const pick = async (place: google.maps.places.Place) => {
      await place.fetchFields({ fields: ['addressComponents', 'formattedAddress', 'location'] });
      const picked = fromGooglePlace(place);
      if (!picked) return;
      callbacks.current.onValueChange(kind === 'city' ? `${picked.city}, ${picked.state}` : picked.formatted);
      callbacks.current.onPlace?.(picked);
    };
    const onSelect = (event: Event) => {
      const selected = event as PlaceSelectEvent;
      const place = selected.placePrediction?.toPlace() ?? selected.place;
      if (place) pick(place).catch((err: unknown) => console.warn('Google could not give the place picked.', err));
    };
    // Typed text without a pick still counts (a search for "Miami"): read from the element's own input.
    const onInput = (event: Event) => {
      const field = event.composedPath()[0];
      if (field instanceof HTMLInputElement) callbacks.current.onValueChange(field.value);
    };
    element.addEventListener('gmp-select', onSelect);
    element.addEventListener('gmp-placeselect', onSelect);
    element.addEventListener('input', onInput);
    container.replaceChildren(element);
    return () => {
      element.removeEventListener('gmp-select', onSelect);
      element.removeEventListener('gmp-placeselect', onSelect);
      element.removeEventListener('input', onInput);
      element.remove();
    };
  }, [isLoaded, loadError, kind, label, placeholder]);

  if (!isLoaded || loadError) return <>{fallback}</>;
  return <Box ref={host} data-testid="google-place-autocomplete" {...boxProps} />;
}
