import { placeLabel, rankBids, type RankedBid } from '../bid/rules';
import { bidLimitLevel, type BidLimitLevel } from '../deal/figures';
import type { PostSortKey } from '../post/schemas';
import { evaluateTemplate, type TemplateRules, type TraceEntry, type TraceStep } from '../bid-template/evaluation';
import type { PostRuleFacts } from '../bid-template/rule-fields';

// The simulation of a template's auto-bidding (issue 29 item 4, docs/auto-bidding.md "Simulation"): the template, as
// it stands, against the posts published in the review period, with the auto-bidder's own pure evaluation. Pure: the
// reactor (application/bid-templates/simulation-runner.ts) reads the posts, their bids and the provider's limits.

/** A post as the simulation takes it: its facts (null: incomplete) and the bids it really got, the provider's own left out. */
export type SimulatedPost = {
  post_id: string;
  published_at: string;
  loan_amount: number | null;
  lvr: number | null;
  sort_by: PostSortKey;
  /** The product's name, for the LVR block's message (as the auto-bidder passes it). */
  product: string;
  facts: PostRuleFacts | null;
  /** An admin stopped the auto-bids on the post (docs/post-lifecycle.md): the auto-bidder skips it too. */
  auto_bids_stopped: boolean;
  bids: readonly RankedBid[];
};

/** One matched post: the bid the template would have placed (after its conditional rules) and where it would stand. */
export type MatchedPost = {
  post_id: string;
  published_at: string;
  loan_amount: number | null;
  lvr: number | null;
  interest_rate: number;
  comparison_rate: number;
  sort_by: PostSortKey;
  /** 1 = it would have led the post; `of` counts it with the post's ranked bids. */
  place: number;
  of: number;
};

/** Why posts were turned away: the first failing step's rule ('Loan amount', 'Location', 'Maximum LVR', …). */
export type WhyNot = { step: TraceStep | 'post'; rule: string; posts: number };

export type LimitProjection = { used: number; projected: number; limit: number | null; level: BidLimitLevel };

export type SimulationResult = {
  posts_considered: number;
  posts_matched: number;
  /** Matched posts where the bid would have ranked first. */
  posts_won: number;
  matched: MatchedPost[];
  why_not: WhyNot[];
  limits: { accepted: LimitProjection; contacted: LimitProjection };
};

/** The provider's bidding-limit counters now (docs/deals.md "Bidding limits"): deals accepted and contacted, limits (null: none). */
export type ProviderLimits = { accepted_deals: number; contacted_deals: number; accepted_limit: number | null; contacted_limit: number | null };

/** Reasons outside the trace: the post itself could not be evaluated. */
export const postReasons = { incomplete: 'Post incomplete', autoBidsStopped: 'Auto-bids stopped on the post' } as const;

/** The rule that turned a post away: the trace's first failing entry (qualifying, location, bid bounds or LVR). */
export function firstFailure(trace: readonly TraceEntry[]): Pick<WhyNot, 'step' | 'rule'> | null {
  const failed = trace.find((entry) => !entry.passed && entry.step !== 'conditional');
  return failed ? { step: failed.step, rule: failed.rule } : null;
}

/**
 * Where a bid of these rates would stand among the post's ranked bids (rankBids: by the post's sort key, cancelled
 * ones left out). A tie counts against it: the bids it ties with were really there first.
 */
export function placeAmong(rates: { interest_rate: number; comparison_rate: number }, bids: readonly RankedBid[], sortBy: PostSortKey): { place: number; of: number } {
  const ranked = rankBids(bids, sortBy);
  const ahead = ranked.filter((bid) => bid[sortBy] <= rates[sortBy]).length;
  return { place: ahead + 1, of: ranked.length + 1 };
}

type PostOutcome = { matched: MatchedPost } | { turned_away: Pick<WhyNot, 'step' | 'rule'> };

/** One post: the same evaluation the auto-bidder runs, then the bid's place among the bids the post got. */
export function simulatePost(template: TemplateRules, post: SimulatedPost): PostOutcome {
  if (post.auto_bids_stopped) return { turned_away: { step: 'post', rule: postReasons.autoBidsStopped } };
  if (!post.facts) return { turned_away: { step: 'post', rule: postReasons.incomplete } };
  const evaluation = evaluateTemplate(template, post.facts, post.product);
  if (!evaluation.bids) return { turned_away: firstFailure(evaluation.trace) ?? { step: evaluation.reason, rule: evaluation.reason } };
  const { interest_rate, comparison_rate } = evaluation.bid;
  const { place, of } = placeAmong({ interest_rate, comparison_rate }, post.bids, post.sort_by);
  const { post_id, published_at, loan_amount, lvr, sort_by } = post;
  return { matched: { post_id, published_at, loan_amount, lvr, interest_rate, comparison_rate, sort_by, place, of } };
}

/**
 * Every post of the period, then the summary. The limits: each post the bid would have won (first place) is taken
 * to become a deal; it counts against the accepted limit while accepted and against the contacted limit once
 * contacted, so each limit is shown with every won deal at its stage (the worst case for that limit).
 */
export function simulate(template: TemplateRules, posts: readonly SimulatedPost[], limits: ProviderLimits): SimulationResult {
  const matched: MatchedPost[] = [];
  const reasons = new Map<string, WhyNot>();
  for (const post of posts) {
    const outcome = simulatePost(template, post);
    if ('matched' in outcome) {
      matched.push(outcome.matched);
      continue;
    }
    const key = `${outcome.turned_away.step}\u0000${outcome.turned_away.rule}`;
    const entry = reasons.get(key) ?? { ...outcome.turned_away, posts: 0 };
    entry.posts += 1;
    reasons.set(key, entry);
  }
  const won = matched.filter((post) => post.place === 1).length;
  const projection = (used: number, limit: number | null): LimitProjection => ({ used, projected: used + won, limit, level: bidLimitLevel(used + won, limit) });
  return {
    posts_considered: posts.length,
    posts_matched: matched.length,
    posts_won: won,
    matched,
    // Most posts first, then by rule, so the chart and the e-mail read the same every time.
    why_not: [...reasons.values()].sort((a, b) => b.posts - a.posts || a.rule.localeCompare(b.rule)),
    limits: { accepted: projection(limits.accepted_deals, limits.accepted_limit), contacted: projection(limits.contacted_deals, limits.contacted_limit) },
  };
}

/** '2nd of 5' (the place label of spec 1 §4). */
export const placeOfWords = ({ place, of }: Pick<MatchedPost, 'place' | 'of'>): string => `${placeLabel(place)} of ${of}`;
