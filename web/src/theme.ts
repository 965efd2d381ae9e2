import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default recipes with the brand palette: a deep navy for actions (white text keeps AA
 * contrast) and a gold accent for ratings and premium badges.
 */
export const system = createSystem(
  defaultConfig,
  defineConfig({
    theme: {
      tokens: {
        colors: {
          brand: {
            50: { value: '#eef2fb' },
            100: { value: '#d8e0f3' },
            200: { value: '#b1c1e6' },
            300: { value: '#8299d3' },
            400: { value: '#5570bb' },
            500: { value: '#3a54a0' },
            600: { value: '#2c4285' },
            700: { value: '#23356b' },
            800: { value: '#1b2952' },
            900: { value: '#121c3a' },
            950: { value: '#0b1226' },
          },
          gold: {
            100: { value: '#fdf3d7' },
            300: { value: '#f5d27a' },
            400: { value: '#eebf45' },
            500: { value: '#d9a21b' },
            700: { value: '#8a6208' },
          },
        },
      },
      semanticTokens: {
        colors: {
          // Chakra's red.500 error text is 3.8:1 on white; red.700 passes AA for small text.
          fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
          brand: {
            solid: { value: '{colors.brand.700}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.brand.700}' },
            muted: { value: '{colors.brand.100}' },
            subtle: { value: '{colors.brand.50}' },
            emphasized: { value: '{colors.brand.200}' },
            focusRing: { value: '{colors.brand.500}' },
          },
        },
      },
    },
    globalCss: {
      body: { bg: 'gray.50', color: 'gray.900' },
    },
  }),
);
