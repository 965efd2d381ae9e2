/** `text` as a regular expression source matching it literally (for a case-insensitive `$regex`). */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
