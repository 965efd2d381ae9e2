import { z } from 'zod';
import { minutesOf, TIME_PATTERN, WEEKDAYS, WEEKDAY_LABELS, type BusinessHours } from '../../business-hours.js';
import { citySlug } from '../../places.js';
import { normalizeVehicleType } from '../../vocabulary.js';
import { requiredText } from '../common.js';
import { isImageUrl } from './fields.js';

// ---------------------------------------------------------------------------------------------
// A richer profile (issue 21): gallery, business hours, service area and fleet
// ---------------------------------------------------------------------------------------------

/** A company's gallery holds at most this many images (the pricing page's promise). */
export const MAX_GALLERY_IMAGES = 10;
/** The largest service radius an owner may set. */
export const MAX_SERVICE_RADIUS_MILES = 150;
export const MAX_SERVICE_AREA_CITIES = 50;
export const MAX_FLEET_VEHICLES = 30;

/** One image of a company's gallery, in the gallery's order. */
export const galleryImageSchema = z.object({ id: z.string(), url: z.string() });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** `PUT /api/my-companies/{id}/gallery/order`: every image of the gallery, in the new order. */
export const galleryOrderBodySchema = z.object({
  imageIds: z
    .array(z.string({ error: 'Each image id must be text' }).min(1).max(64), { error: 'imageIds must be a list of image ids' })
    .max(MAX_GALLERY_IMAGES, `A gallery holds at most ${MAX_GALLERY_IMAGES} images`),
});
export type GalleryOrderBody = z.infer<typeof galleryOrderBodySchema>;

/** The gallery routes' answer: the gallery as it now is. */
export const galleryResponseSchema = z.object({ gallery: z.array(galleryImageSchema) });

const time = (what: string) =>
  z.string({ error: `${what} must be a time (HH:mm)` }).regex(TIME_PATTERN, `${what} must be a time from 00:00 to 23:59 (HH:mm)`);

const dayHoursSchema = (label: string) =>
  z
    .object({ open: time(`${label} opening time`), close: z.union([time(`${label} closing time`), z.literal('24:00')]) })
    .refine((d) => minutesOf(d.open) !== minutesOf(d.close), {
      message: `${label}: the closing time must differ from the opening time (open 00:00, close 24:00 for all day)`,
      path: ['close'],
    })
    .nullable()
    .default(null);

/**
 * Business hours: per weekday `{ open, close }` (`HH:mm`) or null (closed); a day left out is
 * closed. A closing time before the opening time runs past midnight. `null` clears the hours.
 */
export const businessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema(WEEKDAY_LABELS[d])])) as {
    [K in (typeof WEEKDAYS)[number]]: ReturnType<typeof dayHoursSchema>;
  },
  { error: 'Hours must be an object with a value per weekday (mon..sun)' },
);
/** The hours as stored and shown. */
export const businessHoursResponseSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.object({ open: z.string(), close: z.string() }).nullable()])) as {
    [K in (typeof WEEKDAYS)[number]]: z.ZodNullable<z.ZodObject<{ open: z.ZodString; close: z.ZodString }>>;
  },
) satisfies z.ZodType<BusinessHours>;

const cityStateSchema = z.object({
  city: requiredText('Each city must have a name', 100, 'City names are at most 100 characters'),
  state: z
    .string({ error: 'Each city needs its state' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Each city needs its two-letter state (e.g. FL)')
    .transform((s) => s.toUpperCase()),
});

/**
 * Where the company drives: a radius (miles) around its address, or a list of cities. A search for a
 * city the service area covers finds the company there too. `null` clears it.
 */
export const serviceAreaSchema = z
  .object(
    {
      radiusMiles: z
        .number({ error: 'The service radius must be a number of miles' })
        .int('The service radius must be a whole number of miles')
        .min(1, 'The service radius must be at least 1 mile')
        .max(MAX_SERVICE_RADIUS_MILES, `The service radius must be at most ${MAX_SERVICE_RADIUS_MILES} miles`)
        .optional(),
      cities: z
        .array(cityStateSchema, { error: 'Cities must be a list of { city, state }' })
        .min(1, 'Please add at least one city')
        .max(MAX_SERVICE_AREA_CITIES, `At most ${MAX_SERVICE_AREA_CITIES} cities`)
        .optional(),
    },
    { error: 'The service area must be { radiusMiles } or { cities }' },
  )
  .superRefine((v, ctx) => {
    if ((v.radiusMiles === undefined) === (v.cities === undefined))
      ctx.addIssue({ code: 'custom', message: 'The service area is either a radius (radiusMiles) or a list of cities (cities), not both' });
  })
  .transform((v): ServiceArea => {
    if (v.radiusMiles !== undefined) return { radiusMiles: v.radiusMiles };
    // Cities matched by slug: "St. Louis" and "st louis" are one city.
    const seen = new Set<string>();
    const cities = (v.cities ?? []).filter((c) => {
      const key = `${c.state}/${citySlug(c.city)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { cities };
  });
export type ServiceArea = { radiusMiles: number } | { cities: Array<{ city: string; state: string }> };
export const serviceAreaResponseSchema = z.union([
  z.object({ radiusMiles: z.number() }),
  z.object({ cities: z.array(z.object({ city: z.string(), state: z.string() })) }),
]);

/** One vehicle of the fleet as the owner sends it (any spelling of a vehicle type; stored as its slug). */
export const fleetVehicleInputSchema = z.object({
  type: z
    .string({ error: 'Please select a vehicle type' })
    .refine((v) => normalizeVehicleType(v) !== undefined, 'Please select a known vehicle type')
    .transform((v) => normalizeVehicleType(v) as string),
  capacity: z
    .number({ error: 'Capacity must be a number of passengers' })
    .int('Capacity must be a whole number of passengers')
    .min(1, 'Capacity must be at least 1 passenger')
    .max(100, 'Capacity must be at most 100 passengers'),
  /** An image uploaded through `POST /api/upload-image` (same checks as every image), or null. */
  photoUrl: z
    .string({ error: 'Please upload the vehicle photo' })
    .trim()
    .refine((v) => v === '' || isImageUrl(v), 'Please upload the vehicle photo')
    .nullish()
    .transform((v) => (v ? v : null)),
  hourlyRate: z
    .number({ error: 'Hourly rate must be a number' })
    .min(0, 'Hourly rate cannot be negative')
    .max(100_000, 'Hourly rate must be at most 100000')
    .transform(Math.round)
    .nullish()
    .transform((v) => v ?? null),
});
export const fleetInputSchema = z
  .array(fleetVehicleInputSchema, { error: 'The fleet must be a list of vehicles' })
  .max(MAX_FLEET_VEHICLES, `At most ${MAX_FLEET_VEHICLES} vehicles`);

/** A vehicle as stored (type: slug) or shown (type: label). */
export const fleetVehicleSchema = z.object({
  type: z.string(),
  capacity: z.number().int(),
  photoUrl: z.string().nullable(),
  hourlyRate: z.number().nullable(),
});
export type FleetVehicle = z.infer<typeof fleetVehicleSchema>;

/** The profile fields of the company forms (owner's edit; absent = unchanged, null clears). */
export const profileFields = {
  hours: businessHoursSchema.nullish(),
  serviceArea: serviceAreaSchema.nullish(),
  fleet: fleetInputSchema.nullish().transform((v) => (v === null ? [] : v)),
};

/** The profile fields of a company as every visitor sees it. */
export const profileResponseFields = {
  /** Up to 10 images, in the owner's order. */
  gallery: z.array(galleryImageSchema),
  /** Null until the owner set them. */
  hours: businessHoursResponseSchema.nullable(),
  serviceArea: serviceAreaResponseSchema.nullable(),
  /** Vehicle types as labels. */
  fleet: z.array(fleetVehicleSchema),
};
