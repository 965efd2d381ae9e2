import { Fieldset, HStack, SimpleGrid } from '@chakra-ui/react';
import type { Term } from '@limo/contracts';

export interface TermCheckboxesProps {
  legend: string;
  /** The canonical vocabulary offered (`SERVICES`, `VEHICLE_TYPES`). */
  terms: readonly Term[];
  /** Chosen slugs. */
  value: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

/** A group of checkboxes over one canonical vocabulary; the chosen slugs keep the vocabulary's order. */
export function TermCheckboxes({ legend, terms, value, onChange, disabled }: TermCheckboxesProps) {
  const toggle = (slug: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(slug);
    else chosen.delete(slug);
    onChange(terms.filter((t) => chosen.has(t.slug)).map((t) => t.slug));
  };
  return (
    <Fieldset.Root gap="1.5" disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gapX="4" gapY="2">
        {terms.map((term) => (
          <HStack as="label" key={term.slug} gap="2" fontSize="sm" cursor={disabled ? 'default' : 'pointer'}>
            <input
              type="checkbox"
              checked={value.includes(term.slug)}
              disabled={disabled}
              onChange={(e) => toggle(term.slug, e.target.checked)}
              style={{ width: 16, height: 16, accentColor: '#23356b' }}
            />
            {term.label}
          </HStack>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  );
}
