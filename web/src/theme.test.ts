import { describe, expect, it } from 'vitest';
import { colorValue, themeSystem } from './theme';

describe('the theme', () => {
  it('gives every palette the app shows its semantic colours (a missing one renders a badge or button unstyled)', () => {
    for (const palette of ['brand', 'gold', 'gray', 'red', 'green', 'orange', 'blue', 'yellow', 'teal']) {
      for (const role of ['solid', 'contrast', 'fg', 'muted', 'subtle', 'emphasized', 'focusRing']) {
        expect(themeSystem().token(`colors.${palette}.${role}`), `${palette}.${role}`).toMatch(/^var\(--chakra-colors-/);
      }
    }
  });

  it('keeps the colours the admin charts draw with', () => {
    for (const token of ['purple.600', 'pink.600', 'blue.600', 'gold.500', 'brand.700'])
      expect(colorValue(token)).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('carries no dark-mode variables (the app has no dark mode) and light values for the semantic colours', () => {
    const css = JSON.stringify(themeSystem().getTokenCss());
    expect(css).not.toContain('.dark');
    expect(css).toContain('"--chakra-colors-fg-error":"var(--chakra-colors-red-700)"');
    expect(css).toContain('"--chakra-colors-bg":"var(--chakra-colors-white)"');
  });
});
