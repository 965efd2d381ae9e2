import { Combobox as ChakraCombobox, createListCollection, useFieldContext, type InputProps } from '@chakra-ui/react';
import { comboboxSlotRecipe } from '@chakra-ui/react/theme';
import { useId, useMemo, type Ref } from 'react';
import { flushSync } from 'react-dom';

/** One suggestion as the list shows it. */
export interface ListOption {
  key: string;
  label: string;
}

export interface ComboboxListProps extends Omit<InputProps, 'value' | 'onChange' | 'onSelect' | 'size' | 'ref'> {
  value: string;
  /** Text the visitor typed. */
  onType(text: string): void;
  options: readonly ListOption[];
  open: boolean;
  onClose(): void;
  onPickKey(key: string): void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Chakra's Combobox over suggestions found elsewhere (see Combobox): arrows move through them, Enter
 * picks one, Escape closes the list; any text may stay typed.
 */
export default function ComboboxList({ value, onType, options, open, onClose, onPickKey, ref, ...inputProps }: ComboboxListProps) {
  const field = useFieldContext();
  // Chakra names the list by the field's label, which would then name two controls; the list is "Suggestions".
  const listLabelId = useId();
  const collection = useMemo(
    () => createListCollection({ items: [...options], itemToString: (o) => o.label, itemToValue: (o) => o.key }),
    [options],
  );
  return (
    <ChakraCombobox.Root
      // The recipe comes with this chunk rather than the theme: the home page's first download stays small.
      recipe={comboboxSlotRecipe}
      collection={collection}
      ids={{ input: field?.ids.control, label: listLabelId }}
      inputValue={value}
      onInputValueChange={(e) => {
        // Rendered at once: Chakra writes the input's text itself and would otherwise write the previous one.
        if (e.reason === 'input-change') flushSync(() => onType(e.inputValue));
      }}
      open={open && options.length > 0}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      onSelect={(e) => onPickKey(e.itemValue)}
      allowCustomValue
      openOnClick={false}
      selectionBehavior="preserve"
      positioning={{ placement: 'bottom-start', sameWidth: true }}
      width="full"
    >
      <ChakraCombobox.Control>
        <ChakraCombobox.Input ref={ref} autoComplete="off" {...inputProps} />
      </ChakraCombobox.Control>
      <ChakraCombobox.Positioner>
        <ChakraCombobox.Content maxH="64">
          <span id={listLabelId} hidden>
            Suggestions
          </span>
          {options.map((option) => (
            <ChakraCombobox.Item key={option.key} item={option} color="fg" _highlighted={{ bg: 'brand.subtle' }}>
              <ChakraCombobox.ItemText>{option.label}</ChakraCombobox.ItemText>
            </ChakraCombobox.Item>
          ))}
        </ChakraCombobox.Content>
      </ChakraCombobox.Positioner>
    </ChakraCombobox.Root>
  );
}
