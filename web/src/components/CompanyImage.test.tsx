import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeSystem } from '../theme';
import { companyHue, CompanyImage, companyInitials } from './CompanyImage';

describe('company image', () => {
  it.each([
    ['Royal Limousine Service', 'RL'],
    ['The Black Tie Limo Co.', 'BT'],
    ['A & B Transportation', 'BT'],
    ['VIP', 'V'],
    ['5 Star Coach', '5S'],
  ])('gives %s the initials %s', (name, initials) => {
    expect(companyInitials(name)).toBe(initials);
  });

  it('spreads companies over many colours, the same one every time', () => {
    const hues = new Set(Array.from({ length: 100 }, (_, i) => companyHue(`company-${i}`)));
    expect(hues.size).toBeGreaterThan(60);
    expect(companyHue('abc')).toBe(companyHue('abc'));
  });

  it('shows the initials tile without a picture, and the picture when there is one', () => {
    render(
      <ChakraProvider value={themeSystem()}>
        <CompanyImage company={{ id: 'a', name: 'Royal Limousine', imageUrl: null }} />
        <CompanyImage company={{ id: 'b', name: 'Crown Cars', imageUrl: 'https://img.example/b.webp' }} />
      </ChakraProvider>,
    );
    expect(screen.getByRole('img', { name: 'Royal Limousine logo' })).toHaveTextContent('RL');
    expect(screen.getByRole('img', { name: 'Crown Cars vehicle' })).toHaveAttribute('src', 'https://img.example/b.webp');
  });
});
