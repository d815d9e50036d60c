import { bidWarningCodes } from '../../domain/bid/rules';
import type { TestUser } from '../../tests/support/users';
import type { LoadMarket, LoadPost, LoadProvider } from './load-market';

// The load test's request mix (scripts/bench/load.ts): every connection repeats a cycle of 20 requests, 16 reads of
// the dashboards and lists (80%), 3 new bids (15%) and one acceptance or deal activity (5%). A connection sends its
// next request only after the answer to the previous one (autocannon without pipelining), so it can act on what it
// was answered: it accepts bids it knows on posts of its own share, and writes activities on deals it owns.
// Every connection has its own share of the posts, so no two connections bid on a post that one of them accepts;
// every request is one the product must answer with 2xx.

export type Group = 'read' | 'bid' | 'acceptance' | 'activity';

/** What an autocannon request entry looks like (the package ships no types). */
export type CannonRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest: (request: CannonRequest, context: unknown) => CannonRequest;
  onResponse: (status: number, body: string, context: unknown) => void;
};

/** Per kind of request: its group, latencies (ms) and answers. */
export class MixRecorder {
  readonly kinds = new Map<string, { group: Group; durations: number[]; statuses: Map<number, number>; refusals: string[] }>();

  record(kind: string, group: Group, status: number, durationMs: number, body: string): void {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { group, durations: [], statuses: new Map(), refusals: [] };
      this.kinds.set(kind, entry);
    }
    entry.durations.push(durationMs);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    if ((status < 200 || status > 299) && entry.refusals.length < 3) entry.refusals.push(`${status} ${body.slice(0, 300)}`);
  }
}

type SharePost = LoadPost & { bids: { bidId: string; provider: LoadProvider }[]; accepted: boolean };
type OwnDeal = { dealId: string; provider: LoadProvider; steps: number };

/** What the run adds up across connections, beyond the recorder. */
export type MixTotals = {
  acceptancesAsked: number;
  dealsOpened: number;
  acceptancesWithoutDeal: number;
  acceptancesSkipped: number;
  /** Requests sent per kind: the ones still unanswered when the run stops may have happened or not. */
  sent: Map<string, number>;
};

export const BID = 'place a bid';
export const ACCEPTANCE = 'accept a bid (customer)';
export const ACTIVITY = 'add a deal activity (provider)';

/** A connection keeps this many of its posts open to bids: acceptances stop short of it and write an activity. */
const OPEN_POSTS_KEPT = 3;
const SORTS = [
  ['review_bids_on', 'asc'],
  ['comparison_rate', 'asc'],
  ['loan_amount', 'desc'],
  ['lvr', 'asc'],
  ['created_at', 'desc'],
  ['organisation_name', 'asc'],
] as const;
const STATE_PAIRS = ['NSW,VIC', 'QLD', 'WA,SA', 'VIC,TAS,ACT', 'NSW'];

const json = (user: Pick<TestUser, 'headers'>) => ({ ...user.headers, 'content-type': 'application/json' });
const query = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

export type ConnectionSeed = {
  /** The connection's share of the posts, with the bids the seeding placed on them. */
  posts: SharePost[];
  /** Deals opened for the connection while seeding (each with its provider). */
  deals: OwnDeal[];
};

/**
 * The 20 requests one connection cycles through. `onAnswer` gets each answer with its kind; the duration comes
 * separately (autocannon reports it on the client's 'response' event, right after `onResponse`).
 */
export function connectionRequests(
  index: number,
  market: LoadMarket,
  own: ConnectionSeed,
  totals: MixTotals,
  onAnswer: (kind: string, group: Group, status: number, body: string) => void,
): CannonRequest[] {
  const providers = market.providers;
  const reader = providers[index % providers.length]!;
  const pages = Math.max(1, Math.ceil(market.posts.length / 25));
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  let turn = 0;
  let bids = 0;
  let writes = 0;
  let acceptCursor = 0;
  let activityCursor = 0;
  // Reads and bids name the connection's posts in turn.
  let readCursor = 0;
  let bidCursor = 0;
  const post = () => own.posts[readCursor++ % own.posts.length]!;

  const sending = (kind: string) => totals.sent.set(kind, (totals.sent.get(kind) ?? 0) + 1);
  const read = (kind: string, as: () => { user: Pick<TestUser, 'headers'>; path: string }): CannonRequest => ({
    setupRequest: (request) => {
      turn++;
      sending(kind);
      const { user, path } = as();
      return { ...request, method: 'GET', path, headers: { ...user.headers }, body: undefined };
    },
    onResponse: (status, body) => onAnswer(kind, 'read', status, body),
  });

  const bid = (): CannonRequest => {
    let target: SharePost | undefined;
    let bidder: LoadProvider | undefined;
    return {
      setupRequest: (request) => {
        // The next post of the share still open to bids; a provider in turn, so posts get bids from several.
        const open = own.posts.filter((p) => !p.accepted);
        target = open[bidCursor++ % open.length]!;
        bidder = providers[(index * 7 + bids) % providers.length]!;
        const n = bids++;
        sending(BID);
        const comparison = 5.2 + ((n * 37 + index) % 90) / 100;
        const lender = bidder.organisationType === 'financial_institution' ? bidder.organisationUuid : market.lenders[n % market.lenders.length]!;
        const body = JSON.stringify({
          home_loan_bid: {
            bid_type: 'normal',
            organisation_uuid: lender,
            interest_rate: Math.round((comparison - 0.15) * 100) / 100,
            comparison_rate: Math.round(comparison * 100) / 100,
            rate_type: n % 3 === 0 ? 'fixed' : 'variable',
            fixed_period: n % 3 === 0 ? 1 + (n % 5) : null,
            type_of_loan: 'full_service_loan',
            repayment_type: 'principal_and_interest',
            maximum_lvr: 90,
            offset: true,
            redraw: true,
            split_loan_facility: true,
            required_documents: [{ document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true }],
          },
          // As a provider who clicked 'Yes, continue!' on the warnings (not beating the leading bid, and so on).
          confirmed_warnings: [...bidWarningCodes],
        });
        return { ...request, method: 'POST', path: `/v4/home_loans/${target.homeLoanId}/bids`, headers: json(bidder), body };
      },
      onResponse: (status, body) => {
        if (status === 201) target!.bids.push({ bidId: (JSON.parse(body) as { uuid: string }).uuid, provider: bidder! });
        onAnswer(BID, 'bid', status, body);
      },
    };
  };

  /** An acceptance when the share can spare a post with a bid; otherwise (and three times in four) an activity. */
  const write = (): CannonRequest => {
    let kind: 'acceptance' | 'activity' = 'activity';
    let accepted: SharePost | undefined;
    let deal: OwnDeal | undefined;
    return {
      setupRequest: (request) => {
        const n = writes++;
        accepted = undefined;
        if ((n + index) % 4 === 0) {
          const open = own.posts.filter((p) => !p.accepted);
          if (open.length > OPEN_POSTS_KEPT) {
            const start = acceptCursor++;
            for (let i = 0; i < open.length && !accepted; i++) {
              const candidate = open[(start + i) % open.length]!;
              if (candidate.bids.length > 0) accepted = candidate;
            }
          }
          if (!accepted) totals.acceptancesSkipped++;
        }
        if (accepted) {
          kind = 'acceptance';
          sending(ACCEPTANCE);
          accepted.accepted = true; // no bid goes to it from now on, whatever the answer
          totals.acceptancesAsked++;
          const chosen = accepted.bids[accepted.bids.length - 1]!;
          return {
            ...request,
            method: 'POST',
            path: `/v1/posts/${accepted.postId}/home_loan_bids/${chosen.bidId}/accept`,
            headers: json(accepted.owner),
            body: JSON.stringify({ contact_preference: { weekdays: ['monday', 'wednesday', 'friday'], from_time: '09:00', until_time: '17:00' } }),
          };
        }
        kind = 'activity';
        sending(ACTIVITY);
        deal = own.deals[activityCursor++ % own.deals.length]!;
        const step = deal.steps++;
        // A deal moves accepted → contacted → applied, then takes notes (any stage takes a note).
        const activity =
          step === 0
            ? { operation: 'contact', activity_date: today, description: 'First call with the customer' }
            : step === 1
              ? { operation: 'application', activity_date: today, amount: 450_000, description: 'Application lodged' }
              : { operation: 'note', activity_date: today, description: `Follow-up ${step - 1}: documents checked` };
        return { ...request, method: 'POST', path: `/v1/deals/${deal.dealId}/activities`, headers: json(deal.provider), body: JSON.stringify(activity) };
      },
      onResponse: (status, body) => {
        if (kind === 'acceptance') {
          if (status === 200) {
            const answer = JSON.parse(body) as { deal_id: string; deal_opened: boolean };
            const bid = accepted!.bids[accepted!.bids.length - 1]!;
            // A deal the read model did not show yet is left alone (its activities would find no deal).
            if (answer.deal_opened) {
              own.deals.push({ dealId: answer.deal_id, provider: bid.provider, steps: 0 });
              totals.dealsOpened++;
            } else {
              totals.acceptancesWithoutDeal++;
            }
          }
          onAnswer(ACCEPTANCE, 'acceptance', status, body);
        } else {
          onAnswer(ACTIVITY, 'activity', status, body);
        }
      },
    };
  };

  const sort = () => SORTS[turn % SORTS.length]!;
  const cycle: CannonRequest[] = [
    read('admin: jousts, page 1', () => ({ user: market.admin, path: '/v2/posts' })),
    read('provider: normal table, sorted, filtered, paged', () => {
      const [key, direction] = sort();
      const filter: Record<string, string> = turn % 3 === 0 ? { 'filter[states]': STATE_PAIRS[turn % STATE_PAIRS.length]! } : {};
      return { user: reader, path: `/v2/posts?${query({ priority: 'false', [`sorting[${key}]`]: direction, page: 1 + (turn % 4), ...filter })}` };
    }),
    bid(),
    read('customer: own posts', () => ({ user: own.posts[readCursor % own.posts.length]!.owner, path: '/v2/posts' })),
    read('provider: priority table', () => ({ user: reader, path: '/v2/posts?priority=true' })),
    read('customer: own post page', () => {
      const p = post();
      return { user: p.owner, path: `/v4/posts/${p.postId}` };
    }),
    read('admin: jousts, filtered', () => ({
      user: market.admin,
      path: `/v2/posts?${query({ 'filter[states]': STATE_PAIRS[turn % STATE_PAIRS.length]!, 'filter[status]': 'active,review,processing', 'filter[loan_type]': 'refinance' })}`,
    })),
    bid(),
    read('provider: own bids', () => ({ user: reader, path: `/v1/fsps/bids?${query({ page: 1 + (turn % 3) })}` })),
    read('provider: deals board', () => ({ user: own.deals[0]!.provider, path: `/v1/deals?${query({ status: 'accepted,contacted,applied' })}` })),
    write(),
    read('admin: jousts, sorted, any page', () => {
      const [key, direction] = sort();
      return { user: market.admin, path: `/v2/posts?${query({ [`sorting[${key}]`]: direction, page: 1 + ((turn * 7919) % pages) })}` };
    }),
    read("customer: own post's bids", () => {
      const p = post();
      return { user: p.owner, path: `/v1/posts/${p.postId}/home_loan_bids` };
    }),
    bid(),
    read('provider: deal page', () => {
      const deal = own.deals[turn % own.deals.length]!;
      return { user: deal.provider, path: `/v1/deals/${deal.dealId}` };
    }),
    read('admin: all bids', () => ({ user: market.admin, path: `/v5/home_loan_bids?${query({ page: 1 + (turn % 5) })}` })),
    read('admin: deals', () => ({ user: market.admin, path: `/v1/deals?${query({ 'sorting[updated_at]': 'desc' })}` })),
    read('admin: statistics, last 30 days', () => ({ user: market.admin, path: `/v1/statistics/dashboard?${query({ from: monthAgo, to: today })}` })),
    read('provider: post page', () => {
      // A post still open to bids: an accepted one is its winner's and the customer's only (404 to others).
      const open = own.posts.filter((p) => !p.accepted);
      return { user: reader, path: `/v4/posts/${open[readCursor++ % open.length]!.postId}` };
    }),
    read('customer: own account', () => ({ user: own.posts[readCursor % own.posts.length]!.owner, path: '/v1/users/me' })),
  ];
  // Each connection starts at its own place in the cycle, so the kinds spread evenly over time from the first second.
  const start = index % cycle.length;
  return [...cycle.slice(start), ...cycle.slice(0, start)];
}
