import { citySlug, stateSlug } from '@limo/contracts';
import type { SearchDocument } from './company-search.port.js';

/**
 * Rules shared by every CompanySearchIndex adapter, so that the same query finds the same companies
 * in the same order whatever the engine. Both adapters tokenize here, and Elasticsearch only splits
 * the result on spaces: its standard tokenizer's rules cannot be reproduced exactly in JS, and
 * without the analysis-common module it has no ascii folding.
 */

/** Results past this rank are never returned (Elasticsearch's default `max_result_window`). */
export const MAX_RESULT_WINDOW = 10_000;

/**
 * Where a company is on the map, or undefined when it has no usable coordinates (missing, not
 * finite, or out of range): such a company is found by state and text, never by a radius.
 */
export function searchLocation(doc: Pick<SearchDocument, 'latitude' | 'longitude'>): { latitude: number; longitude: number } | undefined {
  const { latitude, longitude } = doc;
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

// Longer "words" are noise (pasted URLs, base64); Elasticsearch would split them at 255 characters.
const MAX_TOKEN_LENGTH = 64;

/** Accents off, lower case. */
function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most text is ASCII: skip the (costly) decomposition when there is nothing to fold.
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/**
 * The words of `text`: accents folded ("Quinceañera" → "quinceanera"), lower case, apostrophes
 * dropped ("O'Brien's" → "obriens"), split on everything that is not a letter or a digit.
 */
function searchTokens(text: string): string[] {
  const words =
    fold(text)
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => (w.length > MAX_TOKEN_LENGTH ? w.slice(0, MAX_TOKEN_LENGTH) : w));
}

/** The distinct words of a company's name and description, as indexed. */
export function companyWords(name: string, description: string): string[] {
  return [...new Set(searchTokens(`${name} ${description}`))];
}

/**
 * A query's words: every one must match exactly except the last, which matches as a prefix.
 * Empty when the text has no word (then it does not filter).
 */
export function queryTerms(text: string): { exact: string[]; prefix: string | undefined } {
  const words = searchTokens(text);
  const prefix = words.pop();
  return { exact: [...new Set(words)], prefix };
}

/** The key names sort on: accents folded, lower case, so "émile" sits with "Emile" before "Zed". */
export function nameSortKey(name: string): string {
  return fold(name).trim();
}

/**
 * Names one copy of a company: its version (one more with every write) and update time (a company
 * deleted and created again with the same id starts at version 1 again, at another time).
 */
export function companyRevision(version: number, updatedAt: string): string {
  return `${version}@${updatedAt}`;
}

/** A city as service areas and searches name it: `fl/miami`, `mo/st-louis` (matched by slug). */
export const placeKey = (city: string, state: string): string => `${stateSlug(state)}/${citySlug(city)}`;
