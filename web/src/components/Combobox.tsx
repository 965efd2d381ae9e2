import {
  Combobox as ChakraCombobox,
  createListCollection,
  Input,
  mergeProps,
  mergeRefs,
  useComboboxContext,
  useFieldContext,
  type InputProps,
} from '@chakra-ui/react';
import { comboboxSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type Ref, type RefObject } from 'react';

// Loaded apart from the page (see PlaceInput): Chakra's Combobox with its positioning code is ~11 KB
// (brotli) the home page's first download does without.

/** One suggestion of a combobox. */
export interface ComboboxOption<T> {
  key: string;
  label: string;
  value: T;
}

export interface ComboboxProps<T> extends Omit<InputProps, 'value' | 'onChange' | 'onSelect' | 'defaultValue'> {
  value: string;
  onValueChange(text: string): void;
  /** Suggestions for the typed text; called after a short pause in typing. */
  suggest(text: string, signal: AbortSignal): Promise<Array<ComboboxOption<T>>>;
  onPick(option: ComboboxOption<T>): void;
  /** Fewer characters than this show no suggestions. */
  minChars?: number;
  /** What the field this one replaces on mount leaves it: its focus, selection and whether it was typed in. */
  handover?: RefObject<Handover | null>;
  ref?: Ref<HTMLInputElement>;
}

/** A focused field's state when it is removed, for the field that takes its place. */
export interface Handover {
  selectionStart: number;
  selectionEnd: number;
  typed: boolean;
}

const DEBOUNCE_MS = 200;

/**
 * A text input with suggestions (Chakra's Combobox, the WAI-ARIA combobox pattern): arrows move through
 * the suggestions, Enter picks one, Escape closes the list; typing freely is always allowed, and Enter
 * with no suggestion highlighted submits the form.
 */
export function Combobox<T>({ value, onValueChange, suggest, onPick, minChars = 2, handover, ref, ...inputProps }: ComboboxProps<T>) {
  const [options, setOptions] = useState<Array<ComboboxOption<T>>>([]);
  const [open, setOpen] = useState(false);
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // The list is "Suggestions", not a second element named by the field's label (Ark's default).
  const listLabel = useId();
  const control = useFieldContext()?.ids.control;
  // `suggest` is a fresh closure each render; the text is what should trigger a lookup.
  const suggestRef = useRef(suggest);
  suggestRef.current = suggest;
  const collection = useMemo(
    () => createListCollection({ items: options, itemToString: (o) => o.label, itemToValue: (o) => o.key }),
    [options],
  );

  // On mount, after the field it replaces was removed (before the suggestions' lookup below): the
  // visitor goes on in this one where they were, and what they typed there asks for suggestions.
  useLayoutEffect(() => {
    const left = handover?.current;
    if (!left || !input.current) return;
    typed.current = left.typed;
    input.current.focus();
    input.current.setSelectionRange(left.selectionStart, left.selectionEnd);
    // Only on mount: `handover` is a ref object, read once.
  }, [handover]);

  useEffect(() => {
    if (!typed.current || value.trim().length < minChars) {
      setOptions([]);
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
          // Answers that arrive after the visitor moved on open nothing over the next field.
          setOpen(found.length > 0 && !exact && document.activeElement === input.current);
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

  return (
    <ChakraCombobox.Root
      // Its styles come with it, not in the theme every page downloads.
      recipe={comboboxSlotRecipe}
      ids={{ label: listLabel, input: control }}
      width="100%"
      collection={collection}
      // Only its first text: the combobox writes its text into the field from a render, which can lag the
      // keys. React owns the text (ComboboxInput), updated in the input event.
      defaultInputValue={value}
      // Nothing stays selected: a pick writes its text, and the visitor may type on from there.
      value={[]}
      onValueChange={({ items: [picked] }) => {
        if (!picked) return;
        typed.current = false;
        setOpen(false);
        setOptions([]);
        onPick(picked);
      }}
      open={open && options.length > 0}
      // Arrow keys open a closed list again (so nothing is highlighted behind a closed one).
      onOpenChange={(details) => setOpen(details.open)}
      openOnChange={false}
      allowCustomValue
      selectionBehavior="preserve"
      positioning={{ sameWidth: true, placement: 'bottom-start' }}
      translations={{ triggerLabel: 'Suggestions' }}
    >
      <ChakraCombobox.Control>
        <ComboboxInput
          ref={mergeRefs(ref, input)}
          {...inputProps}
          value={value}
          // In the input event itself: a text React hears of later is put back to the old one when the
          // event ends, and a key typed before the update lands on it (lost under load).
          onChange={(e) => {
            typed.current = true;
            onValueChange(e.target.value);
          }}
        />
      </ChakraCombobox.Control>
      <ChakraCombobox.Positioner>
        <ChakraCombobox.Content>
          <span id={listLabel} hidden>
            Suggestions
          </span>
          {options.map((option) => (
            <ChakraCombobox.Item key={option.key} item={option} color="gray.800" cursor="pointer">
              {option.label}
            </ChakraCombobox.Item>
          ))}
        </ChakraCombobox.Content>
      </ChakraCombobox.Positioner>
    </ChakraCombobox.Root>
  );
}

/**
 * Chakra's Input with the combobox's attributes and handlers; React owns its text. (The combobox's own
 * input takes its text as a default and sets it a render late: keystrokes then land on stale text.)
 */
function ComboboxInput({ ref, ...props }: InputProps & { ref?: Ref<HTMLInputElement> }) {
  const comboboxProps: Record<string, unknown> = { ...useComboboxContext().getInputProps() };
  delete comboboxProps.defaultValue;
  // Handlers of both run (the combobox's and the form's).
  return <Input ref={ref} {...mergeProps(comboboxProps, props as Record<string, unknown>)} />;
}
