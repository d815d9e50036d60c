import { describe, expect, it } from 'vitest';
import { localitiesFrom, type ShippedLocality, suburbName } from './localities';

describe('suburb names', () => {
  it.each([
    ['SYDNEY', 'Sydney'],
    ['MOUNT  STUART', 'Mount Stuart'],
    ['O’CONNOR', "O'Connor"],
    ["TAM O'SHANTER", "Tam O'Shanter"],
    ['BRIGHTON-LE-SANDS', 'Brighton-Le-Sands'],
    ['MCMAHONS POINT', 'McMahons Point'],
    ['MACQUARIE PARK', 'Macquarie Park'],
    ['ST PETERS DC', 'St Peters DC'],
    ['HOME ISLAND COCOS (KEELING) ISLANDS', 'Home Island Cocos (Keeling) Islands'],
    ['Australian National University', 'Australian National University'],
  ])('%s reads %s', (raw, name) => {
    expect(suburbName(raw)).toBe(name);
  });
});

describe('the shipped records', () => {
  const record = (fields: Partial<ShippedLocality>): ShippedLocality => ({
    postcode: '2000',
    locality: 'SYDNEY',
    state: 'NSW',
    type: 'Delivery Area',
    status: 'Updated 6-Feb-2020',
    lat: -33.859953,
    long: 151.256649,
    Lat_precise: -33.8708464,
    Long_precise: 151.20733,
    ...fields,
  });

  it("take the suburb's own position, else the postcode's", () => {
    expect(localitiesFrom([record({})])).toEqual([{ postcode: '2000', suburb: 'Sydney', state: 'NSW', latitude: -33.8708464, longitude: 151.20733 }]);
    // Some suburbs were placed at a town of the same name abroad, or at 0, 0.
    expect(localitiesFrom([record({ Lat_precise: 40.6262044, Long_precise: -75.8524214 })])[0]).toMatchObject({ latitude: -33.859953, longitude: 151.256649 });
    expect(localitiesFrom([record({ Lat_precise: '', Long_precise: '' })])[0]).toMatchObject({ latitude: -33.859953 });
  });

  it('leave out post office boxes, large businesses, old postcodes, places abroad, unknown states and repeats', () => {
    const places = localitiesFrom([
      record({}),
      record({ locality: 'Sydney' }),
      record({ postcode: '1001', type: 'LVR' }),
      record({ postcode: '1225', type: 'Post Office Boxes' }),
      record({ postcode: '4306', locality: 'BLACKBUTT', state: 'QLD', status: 'Removed 15-Nov-2020' }),
      record({ locality: 'ST HELIER', lat: 49.18, long: -2.1, Lat_precise: 49.18, Long_precise: -2.1 }),
      record({ state: 'XX' }),
      record({ postcode: '200' }),
      record({ locality: 'HAYMARKET', type: '' }),
    ]);
    expect(places.map((p) => p.suburb)).toEqual(['Sydney', 'Haymarket']);
  });
});
