/**
 * The full stop a sentence ending in `lastWords` still needs: none when they end in one already (a
 * company named "Acme Limo Co." reads "sent to Acme Limo Co. They will...", not "Co.. They").
 */
export const sentenceEnd = (lastWords: string): '' | '.' => (/[.!?]\s*$/.test(lastWords) ? '' : '.');
