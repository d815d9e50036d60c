// The analysts' views (docs/analytics.md): stable names and columns in the `analytics` schema over the read models'
// `public` views, whatever build or version serves them. No personal data: ids, states and postcodes at most
// (docs/personal-data.md); free text (review comments, chat texts, activity notes, the bid form) stays out too, since
// it may name a person. Amounts and rates are cast to `numeric`, so a projection storing them otherwise does not
// change what analysts read. Every column is documented in docs/analytics.md (tests/projections/analytics-docs.int.test.ts).

export type AnalyticsView = {
  /** The view's name in the `analytics` schema. */
  name: string;
  /** The `public` read-model views it reads: it is dropped and created again when one of them is swapped. */
  reads: readonly string[];
  /** The view's query; read models named `public.<table>`. */
  query: string;
};

export const ANALYTICS_SCHEMA = 'analytics';

export const analyticsViews: readonly AnalyticsView[] = [
  {
    name: 'posts',
    reads: ['posts'],
    query: `
      select uuid as post_id, owner_id as customer_id, product_id, status, origin, urgency,
        loan_type, loan_purpose, loan_amount::numeric as loan_amount, property_market_value::numeric as property_value,
        lvr::numeric as lvr, credit_band, rate_type, repayment_type, number_of_applicants,
        coalesce(property_state, home_state) as state, coalesce(property_postcode, home_postcode) as postcode,
        prioritised, auto_accept as auto_declare, review_extensions, winning_bid_id, deleted,
        created_at, published_at, bidding_period_expiry_on as bidding_ends_at, review_bids_on as review_ends_at,
        expiration_date as processing_ends_at, updated_at
      from public.posts`,
  },
  {
    name: 'bids',
    reads: ['bids'],
    query: `
      select uuid as bid_id, post_id, provider_id, organisation_uuid as organisation_id, status, bid_type, origin,
        interest_rate::numeric as interest_rate, comparison_rate::numeric as comparison_rate,
        maximum_lvr::numeric as maximum_lvr, rate_type, fixed_period as fixed_period_years, repayment_type,
        loan_amount::numeric as loan_amount, monthly_repayment::numeric as monthly_repayment,
        monthly_savings::numeric as monthly_savings, auto_declare_eligible, placed_by <> provider_id as placed_by_admin,
        deleted, created_at as placed_at, updated_at
      from public.bids`,
  },
  {
    name: 'deals',
    reads: ['deals'],
    query: `
      select uuid as deal_id, bid_id, post_id, provider_id, organisation_id, customer_id, stage, external,
        loan_amount::numeric as loan_amount, value::numeric as value, value_label, not_proceeding_reason, deleted,
        opened_at, updated_at, last_activity_date::date as last_activity_date
      from public.deals`,
  },
  {
    name: 'deal_activities',
    reads: ['deal_activities'],
    query: `
      select activity_id, deal_id, seq, activity_type, amount::numeric as amount, activity_date::date as activity_date,
        reason as not_proceeding_reason, created_by as recorded_by, created_at as recorded_at, deleted
      from public.deal_activities`,
  },
  {
    name: 'organisations',
    reads: ['organisations'],
    query: `
      select uuid as organisation_id, name, abbreviation, organisation_type, category, status, created_at, updated_at
      from public.organisations`,
  },
  {
    name: 'providers',
    reads: ['users'],
    query: `
      select uuid as provider_id, organisation_uuid as organisation_id, provider_type, status,
        bids_accepted_limit, bids_contacted_limit, created_at, updated_at
      from public.users where user_type = 'fsp'`,
  },
  {
    name: 'reviews',
    reads: ['reviews'],
    query: `
      select uuid as review_id, post_id, fsp_id as provider_id, customer_id, rating, status,
        on_behalf as submitted_by_admin, deleted, created_at as submitted_at, moderated_at, updated_at
      from public.reviews`,
  },
  {
    name: 'conversations',
    reads: ['conversations'],
    query: `
      select uuid as conversation_id, post_id, customer_id, provider_id,
        case when started_by = customer_id then 'customer' else 'provider' end as started_by_side,
        message_count, deleted, started_at, last_sent_at as last_message_at
      from public.conversations`,
  },
  {
    name: 'chat_messages',
    reads: ['chat_messages'],
    query: `
      select uuid as message_id, conversation_id, seq, sender_id, sender_side, sent_at
      from public.chat_messages`,
  },
  {
    name: 'daily_statistics',
    reads: ['statistics_daily'],
    query: `
      select day, posts_created, bids_placed, deals_opened, deals_accepted, deals_contacted, deals_applied,
        deals_closed_won, deals_closed_lost, deals_on_hold, posts_with_deal, posts_settled, settled_count,
        settled_volume::numeric as settled_volume, winning_rate_sum::numeric as winning_rate_sum, winning_rate_count,
        first_bid_count, first_bid_rate_sum::numeric as first_bid_rate_sum,
        response_seconds_sum::numeric as response_seconds_sum
      from public.statistics_daily`,
  },
];
