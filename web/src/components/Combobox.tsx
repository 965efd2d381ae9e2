import { Input, type InputProps } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { lazyWithReload } from '../lib/chunks';

/** One suggestion of a combobox. */
export interface ComboboxOption<T> {
  key: string;
  label: string;
  value: T;
}

export interface ComboboxProps<T> extends Omit<InputProps, 'value' | 'onChange' | 'onSelect' | 'size' | 'ref'> {
  value: string;
  onValueChange(text: string): void;
  /** Suggestions for the typed text; called after a short pause in typing. */
  suggest(text: string, signal: AbortSignal): Promise<Array<ComboboxOption<T>>>;
  onPick(option: ComboboxOption<T>): void;
  /** Fewer characters than this show no suggestions. */
  minChars?: number;
  ref?: Ref<HTMLInputElement>;
}

const DEBOUNCE_MS = 200;

// Chakra's Combobox is ~20 KB of the first download: it comes in its own chunk, asked for as soon as
// this module loads; until it is there (a page rendered in the browser), a plain input takes the text.
const loadList = () => import('./ComboboxList');
const ComboboxList = lazyWithReload(loadList);
if (typeof window !== 'undefined') void loadList().catch(() => undefined);

/**
 * A text input with a suggestion list: `suggest` is asked after a pause in typing, and Chakra's
 * Combobox shows what it finds (see ComboboxList); typing freely is always allowed.
 */
export function Combobox<T>({ value, onValueChange, suggest, onPick, minChars = 2, ref, ...inputProps }: ComboboxProps<T>) {
  const [options, setOptions] = useState<Array<ComboboxOption<T>>>([]);
  const [open, setOpen] = useState(false);
  const typed = useRef(false);
  // The plain input had the focus when Chakra's replaced it: the new one takes it over.
  const focused = useRef(false);
  // `suggest` is a fresh closure each render; the text is what should trigger a lookup.
  const suggestRef = useRef(suggest);
  suggestRef.current = suggest;

  useEffect(() => {
    if (!typed.current || value.trim().length < minChars) {
      setOptions((current) => (current.length ? [] : current));
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestRef
        .current(value.trim(), controller.signal)
        .then((found) => {
          // Text that already reads exactly like a suggestion needs no list over the next fields.
          const exact = found.some((o) => o.label.toLowerCase() === value.trim().toLowerCase());
          setOptions(found);
          setOpen(found.length > 0 && !exact);
        })
        .catch(() => {
          if (!controller.signal.aborted) setOptions([]);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, minChars]);

  const type = (text: string) => {
    typed.current = true;
    onValueChange(text);
  };

  const plain = (
    <Input
      ref={ref}
      autoComplete="off"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={false}
      {...inputProps}
      value={value}
      onChange={(e) => type(e.target.value)}
      onFocus={(e) => {
        focused.current = true;
        inputProps.onFocus?.(e);
      }}
      onBlur={(e) => {
        focused.current = false;
        inputProps.onBlur?.(e);
      }}
    />
  );
  return (
    <Suspense fallback={plain}>
      <ComboboxList
        ref={ref}
        autoFocus={focused.current}
        {...inputProps}
        // Closed on leaving the field, before what was clicked opens: Chakra would close it on the
        // outside click only, and that same click would then dismiss the date picker it opened.
        onBlur={(e) => {
          setOpen(false);
          inputProps.onBlur?.(e);
        }}
        value={value}
        onType={type}
        options={options}
        open={open}
        onClose={() => setOpen(false)}
        onPickKey={(key) => {
          const option = options.find((o) => o.key === key);
          if (!option) return;
          typed.current = false;
          setOpen(false);
          setOptions([]);
          onPick(option);
        }}
      />
    </Suspense>
  );
}
