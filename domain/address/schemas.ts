import { z } from 'zod';
import { maxLengthMessage, required } from '../shared/messages';

// Australian addresses (spec 2 §3 "Address", §5; spec 3 §7: the picker is restricted to Australia). A place is picked
// from the localities the product ships (docs/addresses.md), so state, suburb and postcode always belong together.

export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AustralianState = (typeof australianStates)[number];

/** spec 2 §5: an address that was not picked (or lost its postcode) is refused with this text. */
export const pickAddressMessage = 'Postcode is missing. Pick a correct address.';


/**
 * A box around Australia with its external territories that have postcodes (Cocos Islands in the west, Norfolk Island
 * in the east, Torres Strait in the north, Macquarie Island in the south).
 */
export const australianBounds = { latitude: { min: -55, max: -9 }, longitude: { min: 96, max: 169 } } as const;

export function isInAustralia(latitude: number, longitude: number): boolean {
  const { latitude: lat, longitude: lon } = australianBounds;
  return latitude >= lat.min && latitude <= lat.max && longitude >= lon.min && longitude <= lon.max;
}

export const australianState = z.enum(australianStates, { error: 'Choose a state' });
/** An Australian postcode has 4 digits; a suburb's name is at most 100 characters. */
export const addressLimits = { postcodeLength: 4, suburbMaxLength: 100 } as const;
export const postcodeMessage = `Should be ${addressLimits.postcodeLength} digits`;
export const postcodePattern = new RegExp(`^\\d{${addressLimits.postcodeLength}}$`);

export const postcode = z.string({ error: pickAddressMessage }).trim().regex(postcodePattern, postcodeMessage);
export const suburb = z.string({ error: required }).trim().min(1, required).max(addressLimits.suburbMaxLength, maxLengthMessage(addressLimits.suburbMaxLength));
const outside = 'Should be in Australia';
export const latitude = z
  .number({ error: 'Should be a number' })
  .min(australianBounds.latitude.min, outside)
  .max(australianBounds.latitude.max, outside);
export const longitude = z
  .number({ error: 'Should be a number' })
  .min(australianBounds.longitude.min, outside)
  .max(australianBounds.longitude.max, outside);

/** One place of the shipped data: what the search answers and the picker offers. */
export const locality = z.object({ postcode, suburb, state: australianState, latitude, longitude });
export type Locality = z.infer<typeof locality>;

/** spec 2 §3 "Address": country, state, suburb, postcode, latitude, longitude; only Australia (spec 2 §5). */
export const australianAddress = z.strictObject(
  {
    country: z.literal('AU', { error: 'Only addresses in Australia' }),
    state: australianState,
    suburb,
    postcode,
    latitude,
    longitude,
  },
  { error: pickAddressMessage },
);
export type AustralianAddress = z.infer<typeof australianAddress>;

export function addressOf(place: Locality): AustralianAddress {
  return { country: 'AU', ...place };
}

/** How a place reads in a list and in a chosen field: "Sydney NSW 2000" (Australia Post's order). */
export function localityLabel(place: Pick<Locality, 'suburb' | 'state' | 'postcode'>): string {
  return `${place.suburb} ${place.state} ${place.postcode}`;
}

export const LOCALITY_SEARCH_LIMIT = 20;

/** spec 1 §7 "Postal-code search": the start of a postcode or of a suburb's name. */
export const localitySearchQuery = z.strictObject({
  search: z.string({ error: required }).trim().min(1, required).max(50, 'Should be at most 50 characters'),
});

export const localitySearchAnswer = z.object({ result: z.array(locality) });
