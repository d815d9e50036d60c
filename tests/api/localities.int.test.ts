import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalities } from '../../infrastructure/localities';
import { expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';

// spec 1 §7 "Postal-code search" over the shipped Australian localities (docs/addresses.md), asked anonymously as
// the post wizard's visitor does.

type Place = { postcode: string; suburb: string; state: string; latitude: number; longitude: number };

let t: TestApp;
let loaded: number;

beforeAll(async () => {
  t = await createTestApp();
  loaded = await loadLocalities(t.database.db); // the server does this at start
});
afterAll(() => t?.close());

async function search(term: string): Promise<Place[]> {
  const response = await t.app.inject({ method: 'GET', url: `/v1/localities?${new URLSearchParams({ search: term })}` });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}
const labels = (places: Place[]) => places.map((p) => `${p.suburb} ${p.state} ${p.postcode}`);

describe('the shipped data', () => {
  it('holds every Australian suburb once, in the eight states and territories', async () => {
    const { rows } = await sql<{ n: number; states: string[] }>`
      select count(*)::int as n, array_agg(distinct state order by state) as states from localities`.execute(t.database.db);
    expect(rows[0]!.n).toBe(loaded);
    expect(loaded).toBeGreaterThan(17_000);
    expect(loaded).toBeLessThan(19_000);
    expect(rows[0]!.states).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });

  it('is loaded once: a second start adds nothing', async () => {
    expect(await loadLocalities(t.database.db)).toBe(0);
  });

  it.each([
    ['2000', 'Sydney', 'NSW', -33.87, 151.21],
    ['3000', 'Melbourne', 'VIC', -37.81, 144.96],
    ['4000', 'Brisbane City', 'QLD', -27.47, 153.02],
    ['5000', 'Adelaide', 'SA', -34.93, 138.6],
    ['6000', 'Perth', 'WA', -31.95, 115.86],
    ['7000', 'Hobart', 'TAS', -42.88, 147.33],
    ['0800', 'Darwin', 'NT', -12.46, 130.84],
    ['2600', 'Canberra', 'ACT', -35.3, 149.13],
  ])('%s is %s %s, where it is on the map', async (postcode, suburb, state, latitude, longitude) => {
    const place = (await search(postcode)).find((p) => p.suburb === suburb);
    expect(place).toMatchObject({ postcode, suburb, state });
    // Within about 0.1° (≈ 10 km) of the city centre.
    expect(Math.abs(place!.latitude - latitude)).toBeLessThan(0.1);
    expect(Math.abs(place!.longitude - longitude)).toBeLessThan(0.1);
  });
});

describe('GET /v1/localities (public)', () => {
  it('finds by the start of a postcode, exact postcode first, at most 20', async () => {
    const places = await search('20');
    expect(places).toHaveLength(20);
    expect(places.every((p) => p.postcode.startsWith('20'))).toBe(true);
    expect(places[0]!.postcode).toBe('2000');
    expect(places.map((p) => p.postcode)).toEqual([...places.map((p) => p.postcode)].sort());
    expect(labels(await search('2000'))).toContain('Sydney NSW 2000');
  });

  it('finds by the start of a suburb, in any case, the exact name first', async () => {
    const perth = labels(await search('perth'));
    expect(perth.slice(0, 2).sort()).toEqual(['Perth TAS 7300', 'Perth WA 6000']);
    expect(perth).toContain('Perth Airport WA 6105');
    expect(await search('PERTH')).toEqual(await search('perth'));

    const stKilda = labels(await search('st kil'));
    expect(stKilda).toContain('St Kilda VIC 3182');
    expect(stKilda.every((label) => label.startsWith('St Kilda'))).toBe(true);
  });

  it("matches names with an apostrophe however it is typed", async () => {
    expect(labels(await search("o'connor"))).toContain("O'Connor ACT 2602");
    expect(labels(await search('o’connor'))).toContain("O'Connor ACT 2602");
  });

  it('answers an empty list when nothing starts so, and treats wildcards as text', async () => {
    expect(await search('zzzz')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_ydney')).toEqual([]);
    expect(await search('000')).toEqual([]);
  });

  it('shows neither post office boxes nor large businesses’ own postcodes', async () => {
    expect(await search('1001')).toEqual([]);
    expect(labels(await search('sydney')).every((label) => !label.endsWith(' 1001'))).toBe(true);
  });

  it.each([
    { name: 'no search', url: '/v1/localities', field: 'search', message: 'This field is required' },
    { name: 'blank search', url: '/v1/localities?search=%20%20', field: 'search', message: 'This field is required' },
    { name: 'too long', url: `/v1/localities?search=${'a'.repeat(51)}`, field: 'search', message: 'Should be at most 50 characters' },
    { name: 'unknown parameter', url: '/v1/localities?search=syd&country=NZ', field: undefined, message: undefined },
  ])('refuses $name with 422 and writes nothing', async (c) => {
    await expectRefused(t, { name: c.name, method: 'GET', url: c.url, status: 422, ...(c.field ? { field: c.field, message: c.message! } : {}) });
  });
});
