import { Box, Input, type InputProps } from '@chakra-ui/react';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';

/** One suggestion of a combobox. */
export interface ComboboxOption<T> {
  key: string;
  label: string;
  value: T;
}

export interface ComboboxProps<T> extends Omit<InputProps, 'value' | 'onChange' | 'onSelect'> {
  value: string;
  onValueChange(text: string): void;
  /** Suggestions for the typed text; called after a short pause in typing. */
  suggest(text: string, signal: AbortSignal): Promise<Array<ComboboxOption<T>>>;
  onPick(option: ComboboxOption<T>): void;
  /** Fewer characters than this show no suggestions. */
  minChars?: number;
}

const DEBOUNCE_MS = 200;

/**
 * A text input with a suggestion list (the WAI-ARIA combobox pattern): arrows move through the
 * suggestions, Enter picks one, Escape closes the list; typing freely is always allowed.
 */
function ComboboxInner<T>(
  { value, onValueChange, suggest, onPick, minChars = 2, onKeyDown, onBlur, ...inputProps }: ComboboxProps<T>,
  ref: React.ForwardedRef<HTMLInputElement>,
) {
  const listId = useId();
  const [options, setOptions] = useState<Array<ComboboxOption<T>>>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  // `suggest` is a fresh closure each render; the text is what should trigger a lookup.
  const suggestRef = useRef(suggest);
  suggestRef.current = suggest;

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
          setActive(-1);
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

  const pick = (option: ComboboxOption<T>) => {
    typed.current = false;
    setOpen(false);
    setOptions([]);
    onPick(option);
  };

  const expanded = open && options.length > 0;
  return (
    <Box position="relative" width="100%">
      <Input
        ref={ref}
        {...inputProps}
        value={value}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          typed.current = true;
          onValueChange(e.target.value);
        }}
        onKeyDown={(e) => {
          if (expanded && e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => (i + 1) % options.length);
          } else if (expanded && e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (expanded && e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape' && expanded) {
            e.preventDefault();
            setOpen(false);
          }
          onKeyDown?.(e);
        }}
        onBlur={(e) => {
          setOpen(false);
          onBlur?.(e);
        }}
      />
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        position="absolute"
        zIndex="dropdown"
        top="100%"
        left="0"
        right="0"
        mt="1"
        bg="white"
        borderWidth="1px"
        rounded="md"
        boxShadow="lg"
        maxH="64"
        overflowY="auto"
        listStyleType="none"
        py="1"
      >
        {options.map((option, i) => (
          <Box
            as="li"
            key={option.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            px="3"
            py="2"
            cursor="pointer"
            color="gray.800"
            bg={i === active ? 'brand.50' : undefined}
            _hover={{ bg: 'brand.50' }}
            onMouseDown={(e) => {
              // Keeps focus in the input so blur does not close the list before the pick.
              e.preventDefault();
              pick(option);
            }}
          >
            {option.label}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** See ComboboxInner. */
export const Combobox = forwardRef(ComboboxInner) as <T>(
  props: ComboboxProps<T> & { ref?: React.Ref<HTMLInputElement> },
) => React.ReactElement;
