import createCache, { type EmotionCache } from '@emotion/cache';

// A server-rendered page carries the styles of its markup in <head>, under attributes of our own rather
// than Emotion's `data-emotion`: Emotion's browser cache moves every <style data-emotion> it finds into
// place on start, and Chakra's <Global> moves its own again when the page is hydrated. Each move makes
// the browser restyle and lay out the whole page: on a city page at CPU 4x, 200-340 ms each, twice
// (measured by moving them by hand in Chromium, scripts off). With these attributes nothing moves: the
// browser's cache is told which classes the page has already, and Chakra's global styles are not drawn
// a second time.

/** The <style> of the classes the served markup uses; its value lists their Emotion ids. */
const SERVED_CLASSES_ATTR = 'data-served-css';
/** A <style> of global rules (Chakra's reset, theme variables, keyframes) the page was served with. */
const SERVED_GLOBAL_ATTR = 'data-served-global';

/** What the app renders its styles with (App.tsx `AppProviders`). */
export interface AppStyles {
  cache: EmotionCache;
  /** The page carries Chakra's global styles already: the app does not insert them again. */
  globalsServed: boolean;
}

/** On the server: a cache that keeps the rules of a render (Emotion's `compat` mode) instead of writing <style> into the markup. */
export function serverStyles(): AppStyles {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return { cache, globalsServed: false };
}

const styleTag = (attr: string, value: string, css: string) =>
  // A rule may carry a value from the data (an image's URL): `</style` in any case would end the element.
  `<style ${attr}="${value}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * On the server, after a render with `styles`: the <style> tags for <head>, the global rules first (in
 * the order Chakra declared them), then the rules of every class `html` uses, in the order they were made
 * (the order Emotion would have written them in the markup).
 */
export function servedStyleTags({ cache }: AppStyles, html: string): string {
  // The markup's class ids, read in one pass (as @emotion/server does) rather than a search of it per rule.
  const used = new Set(Array.from(html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9_-]+)`, 'g')), (match) => match[1]));
  const classes: string[] = [];
  let classCss = '';
  const tags: string[] = [];
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    // A class is registered under its class name; a global (or keyframes) rule is not.
    if (cache.registered[`${cache.key}-${id}`] !== undefined) {
      if (used.has(id)) {
        classes.push(id);
        classCss += css;
      }
    } else tags.push(styleTag(SERVED_GLOBAL_ATTR, id, css));
  }
  tags.push(styleTag(SERVED_CLASSES_ATTR, classes.join(' '), classCss));
  return tags.join('');
}

/**
 * In the browser, before hydrating a served page: a cache that knows the classes the page's <style>
 * holds (Emotion inserts none of them again), or undefined on a page served without them.
 */
export function hydratingStyles(doc: Document): AppStyles | undefined {
  const served = doc.querySelector(`style[${SERVED_CLASSES_ATTR}]`);
  if (!served) return undefined;
  const cache = createCache({ key: 'css' });
  for (const id of (served.getAttribute(SERVED_CLASSES_ATTR) ?? '').split(' ')) if (id) cache.inserted[id] = true;
  return { cache, globalsServed: doc.querySelector(`style[${SERVED_GLOBAL_ATTR}]`) !== null };
}
