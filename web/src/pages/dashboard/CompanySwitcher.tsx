import { Field } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import { OptionSelect } from '../../components/OptionSelect';

/** The search parameter naming the company the dashboard shows (`/dashboard?company=<id>`). */
export const COMPANY_PARAM = 'company';

/** The company the dashboard shows: the one named in the URL if the owner has it, else the first. */
export function selectedCompany(companies: readonly OwnerCompany[], id: string | null): OwnerCompany | undefined {
  return companies.find((c) => c.id === id) ?? companies[0];
}

/** "Sunset Limo · Miami, FL": a company as the switcher lists it. */
function optionLabel(c: OwnerCompany): string {
  const place = [c.city, c.state].filter(Boolean).join(', ');
  return place ? `${c.name} · ${place}` : c.name;
}

/** Owners of several companies pick the one the dashboard shows (issue 17); nothing for a single company. */
export function CompanySwitcher({
  companies,
  selectedId,
  onSelect,
}: {
  companies: readonly OwnerCompany[];
  selectedId: string;
  onSelect(id: string): void;
}) {
  if (companies.length < 2) return null;
  return (
    <Field.Root maxW="sm" data-testid="company-switcher">
      <Field.Label>Your companies ({companies.length})</Field.Label>
      <OptionSelect
        root={{ size: 'sm' }}
        value={selectedId}
        onChange={(e) => onSelect(e.currentTarget.value)}
        options={companies.map((c) => ({ value: c.id, label: optionLabel(c) }))}
      />
    </Field.Root>
  );
}
