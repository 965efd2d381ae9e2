import { useEffect } from 'react';
import { jsonLdScriptText, type PageMeta } from '@limo/contracts';

function setMetaContent(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Keeps the document's title and description (and their Open Graph twins) on `meta`. */
export function useDocumentMeta(meta: PageMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (!title || !description) return;
    document.title = title;
    setMetaContent('meta[name="description"]', 'name', 'description', description);
    setMetaContent('meta[property="og:title"]', 'property', 'og:title', title);
    setMetaContent('meta[property="og:description"]', 'property', 'og:description', description);
  }, [title, description]);
}

/** The id of the JSON-LD script; the gateway writes the same one into the served HTML. */
const JSON_LD_ID = 'structured-data';

/** Puts `ld` in the page head as JSON-LD while the component is mounted. */
export function useJsonLd(ld: Record<string, unknown> | undefined): void {
  const text = ld ? jsonLdScriptText(ld) : undefined;
  useEffect(() => {
    if (!text) return;
    let script = document.getElementById(JSON_LD_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.id = JSON_LD_ID;
      script.type = 'application/ld+json';
      document.head.appendChild(script);
    }
    script.textContent = text;
    return () => script?.remove();
  }, [text]);
}
