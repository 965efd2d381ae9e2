import { citySuggestionSchema, mapsKeyConfigResponseSchema } from '@limo/contracts';
import { z } from 'zod';

/**
 * The answers of the calls every page's place fields make (the map's config, the gazetteer), by
 * name: on the home page, a signed-out visitor's only calls, so their chunk holds nothing else.
 */
export const placeResponses = {
  mapsConfig: mapsKeyConfigResponseSchema,
  citySuggestions: z.array(citySuggestionSchema),
  citySuggestion: citySuggestionSchema,
};
