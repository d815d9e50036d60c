import { type AustralianAddress, addressOf, type Locality, localityLabel } from '../../domain/address/schemas';

// The pure part of the address picker: which options it lists, which place an option is, and when to search.

export type AddressOption = { value: string; label: string };

/** One key per place: the same suburb name can be in two states, and a suburb can have two postcodes. */
export const localityKey = (place: Pick<Locality, 'postcode' | 'suburb' | 'state'>) => `${place.postcode}|${place.state}|${place.suburb}`;

/** The places found, and the chosen one too, so the field shows it before and after any search. */
export function addressOptions(found: readonly Locality[], chosen: AustralianAddress | null): AddressOption[] {
  const options = found.map((place) => ({ value: localityKey(place), label: localityLabel(place) }));
  if (chosen && !options.some((option) => option.value === localityKey(chosen))) options.unshift({ value: localityKey(chosen), label: localityLabel(chosen) });
  return options;
}

/** The whole address of the option picked (null when the field was cleared). */
export function addressFor(key: string | null, found: readonly Locality[], chosen: AustralianAddress | null): AustralianAddress | null {
  if (key === null) return null;
  if (chosen && localityKey(chosen) === key) return chosen;
  const place = found.find((candidate) => localityKey(candidate) === key);
  return place ? addressOf(place) : null;
}

/** What to search for: nothing while the field shows the chosen place's own label (it would match nothing). */
export function searchTerm(typed: string, chosen: AustralianAddress | null): string {
  const term = typed.trim();
  return chosen && term === localityLabel(chosen) ? '' : term;
}
