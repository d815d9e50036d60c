import { describe, expect, it } from 'vitest';
import { addressOf, type Locality } from '../../domain/address/schemas';
import { addressFor, addressOptions, searchTerm } from './address-options';

const perthWa: Locality = { postcode: '6000', suburb: 'Perth', state: 'WA', latitude: -31.95, longitude: 115.86 };
const perthTas: Locality = { postcode: '7300', suburb: 'Perth', state: 'TAS', latitude: -41.57, longitude: 147.17 };
const sydney: Locality = { postcode: '2000', suburb: 'Sydney', state: 'NSW', latitude: -33.87, longitude: 151.21 };

describe('the address picker', () => {
  it('lists each place as "Suburb STATE postcode", the same name in two states apart', () => {
    expect(addressOptions([perthWa, perthTas], null)).toEqual([
      { value: '6000|WA|Perth', label: 'Perth WA 6000' },
      { value: '7300|TAS|Perth', label: 'Perth TAS 7300' },
    ]);
  });

  it('keeps the chosen place among the options, once', () => {
    expect(addressOptions([perthWa], addressOf(sydney)).map((o) => o.label)).toEqual(['Sydney NSW 2000', 'Perth WA 6000']);
    expect(addressOptions([sydney], addressOf(sydney))).toHaveLength(1);
  });

  it('gives the whole Australian address of the option picked', () => {
    expect(addressFor('7300|TAS|Perth', [perthWa, perthTas], null)).toEqual({ country: 'AU', ...perthTas });
    expect(addressFor('2000|NSW|Sydney', [], addressOf(sydney))).toEqual(addressOf(sydney));
    expect(addressFor(null, [perthWa], addressOf(sydney))).toBeNull();
    expect(addressFor('1234|NSW|Nowhere', [perthWa], null)).toBeNull();
  });

  it("does not search for the chosen place's own label", () => {
    expect(searchTerm(' Sydney NSW 2000 ', addressOf(sydney))).toBe('');
    expect(searchTerm(' syd ', addressOf(sydney))).toBe('syd');
    expect(searchTerm('Sydney NSW 2000', null)).toBe('Sydney NSW 2000');
  });
});
