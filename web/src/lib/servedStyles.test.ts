import type { EmotionCache } from '@emotion/cache';
import { describe, expect, it } from 'vitest';
import { servedStyleTags } from './servedStyles';

/** A server render's cache as Emotion leaves it in compat mode: each rule's text by id, classes registered. */
function renderedCache(inserted: Record<string, string>, classes: string[]): EmotionCache {
  return {
    key: 'css',
    inserted,
    registered: Object.fromEntries(classes.map((id) => [`css-${id}`, ''])),
  } as unknown as EmotionCache;
}

describe("a served page's <style> tags", () => {
  it('put the global rules first, then the rules of the classes the markup uses, and no other', () => {
    const cache = renderedCache({ g1: '*{margin:0}', a: '.css-a{color:red}', unused: '.css-unused{color:blue}', b: '.css-b{gap:1px}' }, [
      'a',
      'unused',
      'b',
    ]);
    expect(servedStyleTags({ cache, globalsServed: false }, '<p class="css-a"></p><p class="css-b"></p>')).toBe(
      '<style data-served-global="g1">*{margin:0}</style><style data-served-css="a b">.css-a{color:red}.css-b{gap:1px}</style>',
    );
  });

  it('cannot be ended by a value in a rule, whatever its case', () => {
    const cache = renderedCache({ a: '.css-a{background:url("</STYLE><script>alert(1)</script>")}' }, ['a']);
    const tags = servedStyleTags({ cache, globalsServed: false }, '<p class="css-a"></p>');
    expect(tags.match(/<\/style/gi)).toHaveLength(1);
    expect(tags).not.toMatch(/<\/style><script/i);
  });
});
