import { describe, expect, it } from 'vitest';
import { dealFilterOf, dealFilterSearch, dealListPath, searchOfDealFilter } from './deal-filters';

const today = '2026-11-21';
const provider = '0b6a3c1e-4d2f-4a8b-9c3d-1e2f3a4b5c6d';
const organisation = '1c7b4d2f-5e3a-4b9c-8d4e-2f3a4b5c6d7e';

describe('the deals filter in the URL', () => {
  it('defaults to 10 years back for a provider and 29 days back for an admin (spec 1 §9)', () => {
    expect(dealFilterOf({}, 'fsp', today)).toMatchObject({ preset: 'all_time', range: { from: '2016-11-21', to: today } });
    expect(dealFilterOf({}, 'admin', today)).toMatchObject({ preset: 'last_30_days', range: { from: '2026-10-23', to: today } });
  });

  it('leaves the defaults out of the URL and keeps everything else', () => {
    expect(searchOfDealFilter(dealFilterOf({}, 'admin', today), 'admin')).toEqual({});
    const search = { range: 'custom', from: '2020-01-01', to: '2020-12-31', activity_type: 'contact', provider, organisation } as const;
    const filter = dealFilterOf(search, 'admin', today);
    expect(filter).toEqual({ preset: 'custom', range: { from: '2020-01-01', to: '2020-12-31' }, activity_type: 'contact', provider, organisation });
    expect(searchOfDealFilter(filter, 'admin')).toEqual(search);
  });

  it("keeps a preset that is not the viewer's default", () => {
    expect(searchOfDealFilter(dealFilterOf({ range: 'last_7_days' }, 'fsp', today), 'fsp')).toEqual({ range: 'last_7_days' });
    expect(searchOfDealFilter(dealFilterOf({ range: 'all_time' }, 'fsp', today), 'fsp')).toEqual({});
  });

  it('drops the provider and organisation filters for providers (spec 1 §6: admins only)', () => {
    const filter = dealFilterOf({ provider, organisation }, 'fsp', today);
    expect(filter.provider).toBeNull();
    expect(filter.organisation).toBeNull();
    expect(dealListPath(filter, ['accepted'], 1, 25)).not.toMatch(/fsp_uuid|org_uuid/);
  });

  it('falls back to the default for a custom range that is incomplete, out of bounds or reversed', () => {
    for (const search of [{ range: 'custom' }, { range: 'custom', from: '2015-01-01', to: '2020-01-01' }, { range: 'custom', from: '2021-01-01', to: '2020-01-01' }] as const) {
      expect(dealFilterOf(search, 'fsp', today).preset).toBe('all_time');
    }
  });

  it('drops values that do not fit rather than failing the page', () => {
    expect(dealFilterSearch.parse({ range: 'yesterday', from: '1/1/2020', activity_type: 'sold', provider: 'someone' })).toEqual({});
  });

  it('asks the API with its own names (spec 1 §7 "Deals")', () => {
    const filter = dealFilterOf({ range: 'custom', from: '2020-01-01', to: '2020-12-31', activity_type: 'application', provider, organisation }, 'admin', today);
    const url = new URL(dealListPath(filter, ['accepted', 'on_hold'], 2, 25), 'http://x');
    expect(url.pathname).toBe('/v1/deals');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      count: '25',
      'sorting[updated_at]': 'desc',
      status: 'accepted,on_hold',
      activity_date_ini: '2020-01-01',
      activity_date_end: '2020-12-31',
      activity_type: 'application',
      fsp_uuid: provider,
      org_uuid: organisation,
    });
  });
});
