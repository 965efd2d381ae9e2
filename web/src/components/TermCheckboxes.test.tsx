import { VEHICLE_TYPES } from '@limo/contracts';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TermCheckboxes } from './TermCheckboxes';
import { renderAt } from '../test/render';

function Picker({ onChange, disabled }: { onChange(next: string[]): void; disabled?: boolean }) {
  const [value, setValue] = useState<string[]>(['suv']);
  return (
    <TermCheckboxes
      legend="Vehicle Types"
      terms={VEHICLE_TYPES}
      value={value}
      disabled={disabled}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('TermCheckboxes', () => {
  it('offers each term as a checkbox named by its label and keeps the chosen slugs in the vocabulary order', async () => {
    const onChange = vi.fn();
    const { user } = renderAt(<Picker onChange={onChange} />);
    const group = await screen.findByRole('group', { name: 'Vehicle Types' });
    expect(screen.getByRole('checkbox', { name: 'SUV' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Party Bus' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stretch Limousine' }));
    expect(onChange).toHaveBeenLastCalledWith(['stretch-limo', 'party-bus', 'suv']);
    await user.click(screen.getByRole('checkbox', { name: 'SUV' }));
    expect(onChange).toHaveBeenLastCalledWith(['stretch-limo', 'party-bus']);
    expect(group).toBeInTheDocument();
  });

  it('changes nothing while disabled', async () => {
    const onChange = vi.fn();
    const { user } = renderAt(<Picker onChange={onChange} disabled />);
    expect(await screen.findByRole('checkbox', { name: 'Party Bus' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Party Bus' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
