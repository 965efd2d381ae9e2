import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { Combobox, type ComboboxOption } from './Combobox';

const CITIES = ['Miami, FL', 'Miami Beach, FL', 'Miami Gardens, FL'];

const suggestCities = async (text: string): Promise<Array<ComboboxOption<string>>> =>
  CITIES.filter((c) => c.toLowerCase().startsWith(text.toLowerCase())).map((c) => ({ key: c, label: c, value: c }));

function Search({
  onPick = vi.fn(),
  onSubmit = vi.fn(),
}: {
  onPick?(option: ComboboxOption<string>): void;
  onSubmit?(text: string): void;
}) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(text);
      }}
    >
      <Combobox
        aria-label="Location"
        value={text}
        onValueChange={setText}
        suggest={suggestCities}
        onPick={(option) => {
          setText(option.label);
          onPick(option);
        }}
      />
      <button type="button">Next field</button>
    </form>
  );
}

const location = () => screen.getByRole('combobox', { name: 'Location' });

describe('combobox', () => {
  it('suggests after two characters and picks with the arrows and Enter, without submitting', async () => {
    const onPick = vi.fn();
    const onSubmit = vi.fn();
    const { user } = renderAt(<Search onPick={onPick} onSubmit={onSubmit} />);
    await user.type(location(), 'M');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.type(location(), 'iami');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(location()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(CITIES);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Miami Beach, FL' })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ label: 'Miami Beach, FL' }));
    expect(location()).toHaveValue('Miami Beach, FL');
    await waitFor(() => expect(location()).toHaveAttribute('aria-expanded', 'false'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes on Escape and keeps the typed text; Enter then submits it', async () => {
    const onSubmit = vi.fn();
    const { user } = renderAt(<Search onSubmit={onSubmit} />);
    await user.type(location(), 'Miami G');
    await screen.findByRole('option', { name: 'Miami Gardens, FL' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toHaveAttribute('aria-expanded', 'false'));
    expect(location()).toHaveValue('Miami G');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Miami G');
  });

  it('picks with a click, and opens no list for text that already reads like the only suggestion', async () => {
    const onPick = vi.fn();
    const { user } = renderAt(<Search onPick={onPick} />);
    await user.type(location(), 'Miami Gar');
    await user.click(await screen.findByRole('option', { name: 'Miami Gardens, FL' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ value: 'Miami Gardens, FL' }));
    expect(location()).toHaveValue('Miami Gardens, FL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(location()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens no list when the answer comes after the visitor left the field', async () => {
    const { user } = renderAt(<Search />);
    await user.type(location(), 'Miami');
    await user.click(screen.getByRole('button', { name: 'Next field' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(location()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens the closed list again with the arrow keys, so Enter picks only what the visitor sees highlighted', async () => {
    const onPick = vi.fn();
    const onSubmit = vi.fn();
    const { user } = renderAt(<Search onPick={onPick} onSubmit={onSubmit} />);
    await user.type(location(), 'Miami');
    await screen.findByRole('option', { name: 'Miami, FL' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toHaveAttribute('aria-expanded', 'false'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(location()).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('option', { name: 'Miami, FL' })).toHaveAttribute('data-highlighted');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ label: 'Miami, FL' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
