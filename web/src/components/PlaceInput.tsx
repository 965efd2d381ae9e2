import { Input, mergeRefs, type InputProps } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { waitForIdle } from '../lib/idle';
import { useMapsConfig } from '../lib/mapsConfig';
import { suggestAddresses, suggestCities, type PickedAddress } from '../lib/places';
import type * as ComboboxExports from './Combobox';
import type { ComboboxOption, Handover } from './Combobox';

const GooglePlaceInput = lazy(() => import('./GooglePlaceInput'));

/**
 * How a place is typed: the suggestions replace the browser's own autofill (whose pick would bring no
 * coordinates), and phones capitalise each word ("Fort Lauderdale") without correcting names.
 */
const PLACE_TEXT = { autoComplete: 'off', autoCapitalize: 'words', autoCorrect: 'off', spellCheck: false } as const;

type ComboboxModule = typeof ComboboxExports;
let comboboxModule: ComboboxModule | undefined;
let comboboxLoading: Promise<ComboboxModule> | undefined;
/** The suggestions' code, once per page; a failed load is tried again by the next field. */
export function loadCombobox(): Promise<ComboboxModule> {
  comboboxLoading ??= import('./Combobox').then(
    (loaded) => (comboboxModule = loaded),
    (error: unknown) => {
      comboboxLoading = undefined;
      throw error;
    },
  );
  return comboboxLoading;
}

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

/**
 * The gazetteer's suggestions (`GET /api/geo/cities`), the field of every visitor when no maps key is
 * set. The suggestions' code loads once the page is idle (or at the first focus): until then a plain
 * input stands in, and hands its text, focus and caret over.
 */
function OfflinePlaceInput({ kind, value, onValueChange, onPlace, ref, ...inputProps }: PlaceInputProps) {
  const city = kind === 'city';
  const [loaded, setLoaded] = useState(comboboxModule);
  const handover = useRef<Handover | null>(null);
  const typed = useRef(false);
  const load = useRef<() => void>(undefined);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    let started = false;
    load.current = () => {
      if (started) return;
      started = true;
      loadCombobox()
        .then((module) => {
          if (live) setLoaded(module);
        })
        .catch(() => undefined);
    };
    const cancel = waitForIdle(load.current, 3000);
    return () => {
      live = false;
      cancel();
    };
  }, [loaded]);

  // Read as the stand-in is removed (the commit that mounts the combobox), so no keystroke falls between.
  const leave = (node: HTMLInputElement | null) => {
    if (!node) return;
    return () => {
      handover.current =
        document.activeElement === node
          ? {
              selectionStart: node.selectionStart ?? node.value.length,
              selectionEnd: node.selectionEnd ?? node.value.length,
              typed: typed.current,
            }
          : null;
    };
  };

  if (!loaded)
    return (
      <Input
        ref={mergeRefs(ref, leave)}
        {...inputProps}
        {...PLACE_TEXT}
        value={value}
        onChange={(e) => {
          typed.current = true;
          onValueChange(e.target.value);
        }}
        onFocus={(e) => {
          load.current?.();
          inputProps.onFocus?.(e);
        }}
      />
    );
  return (
    <loaded.Combobox
      ref={ref}
      {...inputProps}
      {...PLACE_TEXT}
      handover={handover}
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
