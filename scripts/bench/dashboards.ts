import { createHash } from 'node:crypto';
import { australianStates } from '../../domain/address/schemas';
import { creditBandKeys, type DashboardQuery, dashboardQuery } from '../../domain/post/dashboard';
import { loanPurposes, loanTypes, type PreferredRateType, type RepaymentType } from '../../domain/post/constants';
import { homeLoanProduct } from '../../domain/product/products';
import type { DashboardScope } from '../../projections/posts/dashboard-queries';

// The dashboards' read model at marketplace scale, written straight into the projections' live tables with SQL
// (the event log is not involved: this times the queries, not the projections), and the dashboard pages timed on it.
// Ids are md5 uuids of a kind and a number, so SQL and the workers name the same rows without passing them around.

/** `md5(kind || n)::uuid` in PostgreSQL. */
export function benchUuid(kind: string, n: number): string {
  const h = createHash('md5').update(`${kind}${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export const SEEDED_PROVIDERS = 500;
export const SEEDED_ORGANISATIONS = 40;
const CUSTOMERS = 50_000;

/** `h(n)`: a well-spread integer in [0, 2^31) from a row number and a salt, so each column varies independently. */
const h = (salt: number) => `(hashint8(n::bigint * 64 + ${salt}) & 2147483647)`;
/** Picks one of `values` (the domain's own lists, written into the SQL as literals). */
const pick = (values: readonly string[], salt: number) => `(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])[1 + ${h(salt)} % ${values.length}]`;

/**
 * Column expressions per table, over `n` (the row number from generate_series); a column of the live table not named
 * here gets its default or null, or when it is not null a neutral value of its type (workloads/dashboard-seed.ts), so the seed keeps working
 * when a projection gains a column.
 */
export function seedColumns(posts: number): Record<string, Record<string, string>> {
  // Statuses weighted as a marketplace that has run for a while: most posts are finished, a quarter open.
  const status = `(array['pending','active','active','active','active','active','review','review','processing','opportunity','opportunity',
    'expired','expired','expired','closed_won','closed_won','closed_lost','closed_lost','cancelled','cancelled'])[1 + ${h(1)} % 20]`;
  const created = `(now() - make_interval(mins => ${h(2)} % (365 * 24 * 60)))`;
  return {
    posts: {
      uuid: `md5('post' || n)::uuid`,
      owner_id: `md5('customer' || (n % ${CUSTOMERS}))::uuid`,
      product_id: `'${homeLoanProduct.uuid}'::uuid`,
      status,
      urgency: `'within_1_month'`,
      origin: `'auction'`,
      loan_type: pick(loanTypes, 3),
      loan_purpose: pick(loanPurposes, 4),
      loan_amount: `(200000 + ${h(5)} % 1800000)`,
      property_market_value: `(400000 + ${h(6)} % 3000000)`,
      lvr: `(30 + (${h(7)} % 6500) / 100.0)`,
      credit_band: pick(creditBandKeys, 8),
      // The customers' preferences: most leave the rate type open or want variable, most repay principal and interest.
      rate_type: pick(['any', 'any', 'any', 'any', 'variable', 'variable', 'variable', 'fixed', 'fixed', 'split'] satisfies PreferredRateType[], 22),
      repayment_type: pick(['principal_and_interest', 'principal_and_interest', 'principal_and_interest', 'any', 'any', 'interest_only'] satisfies RepaymentType[], 23),
      number_of_applicants: `(1 + ${h(9)} % 2)`,
      property_suburb: `case when ${h(10)} % 2 = 0 then 'Suburb ' || (${h(11)} % 3000) end`,
      property_state: `case when ${h(10)} % 2 = 0 then ${pick(australianStates, 12)} end`,
      property_postcode: `case when ${h(10)} % 2 = 0 then lpad((${h(13)} % 9000 + 1000)::text, 4, '0') end`,
      home_suburb: `'Suburb ' || (${h(14)} % 3000)`,
      home_state: pick(australianStates, 15),
      home_postcode: `lpad((${h(16)} % 9000 + 1000)::text, 4, '0')`,
      created_at: created,
      published_at: `${created} + interval '1 hour'`,
      bidding_period_expiry_on: `${created} + interval '7 days'`,
      // Open posts end their periods from now on; finished ones ended in the past.
      review_bids_on: `case when ${status} in ('active','review') then now() + make_interval(mins => ${h(17)} % (9 * 24 * 60)) else ${created} + interval '9 days' end`,
      expiration_date: `${created} + interval '16 days'`,
      prioritised: `(${h(18)} % 20 = 0)`,
      auto_accept: `(${h(19)} % 4 <> 0)`,
      sort_by: `case when ${h(20)} % 10 = 0 then 'interest_rate' else 'comparison_rate' end`,
      deleted: `(${h(21)} % 200 = 0)`,
      updated_at: `now()`,
    },
    bids: {
      uuid: `md5('bid' || n)::uuid`,
      // About ten bids a post, unevenly.
      post_id: `md5('post' || (${h(30)} % ${posts}))::uuid`,
      provider_id: `md5('provider' || (${h(31)} % ${SEEDED_PROVIDERS}))::uuid`,
      organisation_uuid: `md5('organisation' || (${h(32)} % ${SEEDED_ORGANISATIONS}))::uuid`,
      status: `(array['active','active','active','active','active','active','active','active','active','active','active','active','active','active',
        'expired','expired','expired','cancelled','cancelled','accepted'])[1 + ${h(33)} % 20]`,
      origin: `'auction'`,
      bid_type: `case when ${h(34)} % 20 = 0 then 'anonymous' when ${h(34)} % 30 = 1 then 'retention' else 'normal' end`,
      show_private: `(${h(34)} % 40 = 0)`,
      interest_rate: `(4.5 + (${h(35)} % 300) / 100.0)`,
      maximum_lvr: `(80 + ${h(40)} % 16)`,
      rate_type: `case when ${h(41)} % 3 = 0 then 'fixed' else 'variable' end`,
      repayment_type: `'principal_and_interest'`,
      monthly_repayment: `(1500 + ${h(42)} % 8000)`,
      auto_declare_eligible: `(${h(43)} % 2 = 0)`,
      form: `'{}'::jsonb`,
      placed_by: `md5('provider' || (${h(31)} % ${SEEDED_PROVIDERS}))::uuid`,
      comparison_rate: `(4.6 + (${h(35)} % 300) / 100.0 + (${h(36)} % 40) / 100.0)`,
      loan_amount: `(200000 + ${h(37)} % 1800000)`,
      deleted: `(${h(38)} % 500 = 0)`,
      created_at: `(now() - make_interval(mins => ${h(39)} % (365 * 24 * 60)))`,
      updated_at: `now()`,
    },
    organisations: {
      uuid: `md5('organisation' || n)::uuid`,
      product_id: `'${homeLoanProduct.uuid}'::uuid`,
      name: `'Bench Lender ' || n`,
      organisation_type: `case when n % 4 = 0 then 'broker' else 'financial_institution' end`,
      status: `'active'`,
      allowed_bidders: `'[]'::jsonb`,
      created_at: `now()`,
      updated_at: `now()`,
    },
    users: {
      uuid: `md5('provider' || n)::uuid`,
      user_type: `'fsp'`,
      status: `'active'`,
      email_verified: 'true',
      organisation_uuid: `md5('organisation' || (n % ${SEEDED_ORGANISATIONS}))::uuid`,
      lender_since: `(1990 + n % 35)`,
      permissions: `'{}'::jsonb`,
      answers: `'[]'::jsonb`,
      created_at: `now()`,
      updated_at: `now()`,
    },
  };
}

export type DashboardCase = { name: string; label: string; scope: DashboardScope; query: DashboardQuery };

/** The dashboard's provider: one of the seeded providers, which holds bids on about 2,000 posts. */
const provider = benchUuid('provider', 7);

/** The pages the dashboards ask for, parsed from the query string's shape as the API gets it. */
export function dashboardCases(posts: number): DashboardCase[] {
  const deepPage = Math.max(1, Math.floor((posts * 0.9) / 25 / 2));
  const parse = (query: Record<string, unknown>) => dashboardQuery.parse(query);
  return [
    { name: 'admin-first', label: 'admin jousts, page 1, default sort (created_at desc)', scope: { role: 'admin' }, query: parse({}) },
    {
      name: 'admin-filtered',
      label: 'admin jousts, filtered: states NSW,VIC + loan_type refinance + status active,review',
      scope: { role: 'admin' },
      query: parse({ filter: { states: 'NSW,VIC', loan_type: 'refinance', status: 'active,review' } }),
    },
    {
      name: 'admin-rate-sort',
      label: 'admin jousts, page 1, sorted by the leading bid\'s comparison rate',
      scope: { role: 'admin' },
      query: parse({ sorting: { comparison_rate: 'asc' } }),
    },
    { name: 'admin-deep', label: `admin jousts, page ${deepPage.toLocaleString('en-US')} (deep), default sort`, scope: { role: 'admin' }, query: parse({ page: String(deepPage) }) },
    {
      name: 'fsp-priority',
      label: 'fsp priority table (100 rows), review_bids_on asc',
      scope: { role: 'fsp', providerId: provider, priority: true },
      query: parse({ priority: 'true' }),
    },
    {
      name: 'fsp-normal',
      label: 'fsp normal table, page 1, review_bids_on asc',
      scope: { role: 'fsp', providerId: provider, priority: false },
      query: parse({ priority: 'false' }),
    },
  ];
}
