/**
 * The map style drawn without a Google key: OpenFreeMap's free, key-less "liberty" style. In a module
 * without zod, so the web app's first download can name it.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
