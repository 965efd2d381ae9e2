import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  separatorRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** `palettes` taken out of a token group. */
function without<T extends object>(group: T, palettes: string[]): T {
  return Object.fromEntries(Object.entries(group).filter(([name]) => !palettes.includes(name))) as T;
}

/**
 * Semantic tokens with their light value only. The app has no dark mode (nothing sets Chakra's `.dark`
 * class), and the dark half of Chakra's tokens was ~40% of the theme's set-up on a phone and of the
 * CSS variables every page carries.
 */
function lightOnly<T>(group: T): T {
  if (!group || typeof group !== 'object') return group;
  if ('value' in group) {
    const value: unknown = group.value;
    return value && typeof value === 'object' && '_light' in value ? { ...group, value: value._light } : group;
  }
  return Object.fromEntries(Object.entries(group).map(([key, nested]) => [key, lightOnly(nested)])) as T;
}

/**
 * Chakra's default theme (without the palettes the app never shows: cyan; purple and pink as colours of
 * the admin's charts only) with only the recipes of the components the app uses (Chakra's own
 * "bundle optimization": the other ~40 recipes are ~60 KB of the first download). A component
 * new to the app needs its recipe added here, or it renders unstyled.
 */
const defaultThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: without(tokens.colors, ['cyan']) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: without(semanticTokens.colors, ['cyan', 'purple', 'pink']) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * Those recipes with the brand palette: a deep navy for actions (white text keeps AA
 * contrast) and a gold accent for ratings and premium badges.
 */
const createThemeSystem = () =>
  createSystem(
    defaultBaseConfig,
    defaultThemeConfig,
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
            fg: { error: { value: '{colors.red.700}' } },
            brand: {
              solid: { value: '{colors.brand.700}' },
              contrast: { value: 'white' },
              fg: { value: '{colors.brand.700}' },
              muted: { value: '{colors.brand.100}' },
              subtle: { value: '{colors.brand.50}' },
              emphasized: { value: '{colors.brand.200}' },
              focusRing: { value: '{colors.brand.500}' },
            },
            // The gold palette as semantic tokens (gold.solid, gold.fg, ...), like brand.
            gold: {
              solid: { value: '{colors.gold.500}' },
              contrast: { value: '{colors.gray.900}' },
              fg: { value: '{colors.gold.700}' },
              muted: { value: '{colors.gold.100}' },
              subtle: { value: '{colors.gold.100}' },
              emphasized: { value: '{colors.gold.300}' },
              focusRing: { value: '{colors.gold.500}' },
            },
          },
        },
      },
      globalCss: {
        body: { bg: 'gray.50', color: 'gray.900' },
      },
    }),
  );

let created: SystemContext | undefined;

/**
 * Chakra's system for this theme, made on first use: building its tokens and CSS variables is ~50 ms of a
 * phone's main thread, which the app (start.tsx) runs as a task of its own rather than inside
 * the evaluation of the first download.
 */
export function themeSystem(): SystemContext {
  return (created ??= createThemeSystem());
}

let forServedPage: SystemContext | undefined;

/**
 * The system for a page served with Chakra's global styles in its <head> (lib/servedStyles.ts): the same,
 * but ChakraProvider inserts neither its cascade layers' order nor its global styles a second time.
 */
export function themeSystemForServedPage(): SystemContext {
  const system = themeSystem();
  // Copied by descriptor: the build makes `_global` a getter computed on first read (web/vite.config.ts,
  // lazyChakraGlobals), which a spread would call.
  return (forServedPage ??= Object.defineProperties({} as SystemContext, {
    ...Object.getOwnPropertyDescriptors(system),
    _config: { value: { ...system._config, disableLayers: true }, enumerable: true },
    _global: { value: [], enumerable: true },
  }));
}

/** A colour token's value, for what takes a colour string instead of a style prop (charts, Stripe's card form). */
export function colorValue(token: string): string {
  return String(themeSystem().token(`colors.${token}`));
}
