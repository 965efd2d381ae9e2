import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './Combobox';
import { renderAt } from '../test/render';

const CITIES = ['Miami, FL', 'Miami Beach, FL', 'Miami Gardens, FL'];
const suggest = vi.fn(async (text: string): Promise<Array<ComboboxOption<string>>> =>
  CITIES.filter((c) => c.toLowerCase().startsWith(text.toLowerCase())).map((c) => ({ key: c, label: c, value: c })),
);

function City({ onPick }: { onPick(option: ComboboxOption<string>): void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <Combobox
        aria-label="Location"
        value={value}
        onValueChange={setValue}
        suggest={suggest}
        onPick={(option) => {
          setValue(option.label);
          onPick(option);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** The field once Chakra's Combobox has replaced the plain input it starts as (its chunk loads lazily). */
async function field() {
  return waitFor(() => {
    const input = screen.getByRole('combobox', { name: 'Location' });
    expect(input).toHaveAttribute('data-scope', 'combobox');
    return input;
  });
}

describe('Combobox', () => {
  it('lists suggestions for the typed text; arrows move, Enter picks, and the text becomes the pick', async () => {
    const onPick = vi.fn();
    const { user } = renderAt(<City onPick={onPick} />);
    const input = await field();
    await user.type(input, 'Miam');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ label: 'Miami Beach, FL' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Miami Beach, FL');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
  });

  it('closes on Escape, keeps free text, and shows no list for text that already reads like a suggestion', async () => {
    const onPick = vi.fn();
    const { user } = renderAt(<City onPick={onPick} />);
    const input = await field();
    await user.type(input, 'Mia');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    await user.clear(screen.getByRole('combobox', { name: 'Location' }));
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Miami Gardens, FL');
    await waitFor(() => expect(suggest).toHaveBeenLastCalledWith('Miami Gardens, FL', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('Miami Gardens, FL');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('closes the list when the field is left, before the next control takes the click', async () => {
    const { user } = renderAt(
      <>
        <City onPick={vi.fn()} />
        <button type="button">Next field</button>
      </>,
    );
    await user.type(await field(), 'Mia');
    await screen.findAllByRole('option');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks nothing under two characters', async () => {
    suggest.mockClear();
    const { user } = renderAt(<City onPick={vi.fn()} />);
    await user.type(await field(), 'M');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suggest).not.toHaveBeenCalled();
  });
});
