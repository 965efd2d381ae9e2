import {
  cityPageResponseSchema,
  citySuggestionSchema,
  companyDetailSchema,
  companySchema,
  currentUserSchema,
  mapsKeyConfigResponseSchema,
  stateSummarySchema,
} from '@limo/contracts';
import { z } from 'zod';

/**
 * The answers of the public pages' calls (the session, search, company, city and state pages, the
 * gazetteer, the map's config), by name: all a visitor's page loads, before any other schema.
 */
export const visitorResponses = {
  currentUser: currentUserSchema,
  companies: z.array(companySchema),
  companyDetail: companyDetailSchema,
  stateSummary: stateSummarySchema,
  cityPage: cityPageResponseSchema,
  citySuggestions: z.array(citySuggestionSchema),
  citySuggestion: citySuggestionSchema,
  mapsConfig: mapsKeyConfigResponseSchema,
};
