import type { BidForm } from '../bid/schemas';
import { toHundredths } from './modifiers';
import { evaluateTemplate, type TemplateRules } from './evaluation';
import type { PostRuleFacts } from './rule-fields';

// The comparison tool's offers (spec 2 §4 "Offers ranking", §9; issue 29 item 6; docs/bid-templates.md "Interactive
// matching: the evaluation"): the templates offered to the tool whose rules a visitor's loan meets, each with the bid
// it would place after its conditional rules, best first, a page at a time. Pure: the workflow brings the candidates
// and the day (application/bid-templates/interactive-matches.ts).

/** A template the tool may offer, with what the offer shows of its provider's organisation. */
export type InteractiveCandidate = {
  template_id: string;
  rules: TemplateRules;
  interactive_matching: boolean;
  /** The last day (Sydney, YYYY-MM-DD) the template is offered; null when off. */
  expiration_date: string | null;
  /** The template's provider is active (not suspended, inactive or pending): only then does it offer anything. */
  provider_active: boolean;
  /** The bid's organisation: the lender a visitor would borrow from. */
  organisation: { uuid: string; name: string | null; logo: string | null };
};

/**
 * What an anonymous visitor sees of one offer: the spec's interactive match record (spec 2 §3) with the organisation's
 * name and logo, the product, rates, fees and features. Never the provider person, the template's rules or its trace.
 */
export type InteractiveOffer = {
  home_loan_bid_template_uuid: string;
  expiry_on: string;
  home_loan_bid: OfferedBid;
};

export type OfferedBid = Pick<
  BidForm,
  | 'product_name'
  | 'interest_rate'
  | 'comparison_rate'
  | 'advertised_rate'
  | 'discretionary_rate'
  | 'introductory_rate'
  | 'rate_reverts_to'
  | 'rate_reverts_after'
  | 'rate_type'
  | 'fixed_period'
  | 'type_of_loan'
  | 'repayment_type'
  | 'interest_only_period'
  | 'maximum_lvr'
  | 'application_fee_type'
  | 'application_fee_value'
  | 'waived'
  | 'ongoing_fees_value'
  | 'ongoing_fees_period'
  | 'ongoing_fees_waived'
  | 'cash_back'
  | 'offset'
  | 'redraw'
  | 'extra_repayments'
  | 'split_loan_facility'
  | 'packaged'
> & {
  /** null for an anonymous template that keeps its organisation private (spec 1 §4 show_private). */
  organisation: { uuid: string; name: string | null; logo: string | null } | null;
  /** spec 2 §9: the ongoing fees a year, a monthly value times 12. */
  ongoing_fees_annual: number;
};

export type InteractiveMatchesPage = { total_records: number; page: number; per_page: number; records: InteractiveOffer[] };

/** Offered on `today` (Sydney, YYYY-MM-DD): ticked on, and `today` is not past its expiry day (the day included). */
export const isOfferedOn = <C extends Pick<InteractiveCandidate, 'interactive_matching' | 'expiration_date'>>(candidate: C, today: string): candidate is C & { expiration_date: string } =>
  candidate.interactive_matching && candidate.expiration_date !== null && candidate.expiration_date >= today;

/** spec 2 §9: annual ongoing fees are the monthly value times 12 (in whole cents, so 12 × 9.99 is 119.88). */
export const annualOngoingFees = (bid: Pick<BidForm, 'ongoing_fees_value' | 'ongoing_fees_period'>): number =>
  bid.ongoing_fees_period === 'per_month' ? (toHundredths(bid.ongoing_fees_value) * 12) / 100 : bid.ongoing_fees_value;

/** An offered candidate's offer, from the bid its evaluation placed. */
export function offerOf(candidate: InteractiveCandidate & { expiration_date: string }, bid: BidForm): InteractiveOffer {
  const hidden = bid.bid_type === 'anonymous' && bid.show_private;
  return {
    home_loan_bid_template_uuid: candidate.template_id,
    expiry_on: candidate.expiration_date,
    home_loan_bid: {
      organisation: hidden ? null : candidate.organisation,
      product_name: bid.product_name,
      interest_rate: bid.interest_rate,
      comparison_rate: bid.comparison_rate,
      advertised_rate: bid.advertised_rate,
      discretionary_rate: bid.discretionary_rate,
      introductory_rate: bid.introductory_rate,
      rate_reverts_to: bid.rate_reverts_to,
      rate_reverts_after: bid.rate_reverts_after,
      rate_type: bid.rate_type,
      fixed_period: bid.fixed_period,
      type_of_loan: bid.type_of_loan,
      repayment_type: bid.repayment_type,
      interest_only_period: bid.interest_only_period,
      maximum_lvr: bid.maximum_lvr,
      application_fee_type: bid.application_fee_type,
      application_fee_value: bid.application_fee_value,
      waived: bid.waived,
      ongoing_fees_value: bid.ongoing_fees_value,
      ongoing_fees_period: bid.ongoing_fees_period,
      ongoing_fees_annual: annualOngoingFees(bid),
      ongoing_fees_waived: bid.ongoing_fees_waived,
      cash_back: bid.cash_back,
      offset: bid.offset,
      redraw: bid.redraw,
      extra_repayments: bid.extra_repayments,
      split_loan_facility: bid.split_loan_facility,
      packaged: bid.packaged,
    },
  };
}

/**
 * The ranking: the lowest comparison rate first (what a borrower pays all in), then the lowest interest rate, then
 * the template's uuid. The uuid is arbitrary but fixed, so the order is total: the same loan gets the same pages, and
 * no template wins a tie for being older or newer.
 */
export function compareOffers(a: InteractiveOffer, b: InteractiveOffer): number {
  return (
    a.home_loan_bid.comparison_rate - b.home_loan_bid.comparison_rate ||
    a.home_loan_bid.interest_rate - b.home_loan_bid.interest_rate ||
    (a.home_loan_bid_template_uuid < b.home_loan_bid_template_uuid ? -1 : a.home_loan_bid_template_uuid > b.home_loan_bid_template_uuid ? 1 : 0)
  );
}

/** The offers for a loan's facts on `today`: every candidate offered then, of an active provider, that bids on it. */
export function interactiveMatches(candidates: readonly InteractiveCandidate[], facts: PostRuleFacts, today: string): InteractiveOffer[] {
  const offers: InteractiveOffer[] = [];
  for (const candidate of candidates) {
    if (!candidate.provider_active || !isOfferedOn(candidate, today)) continue;
    const evaluation = evaluateTemplate(candidate.rules, facts);
    if (evaluation.bids) offers.push(offerOf(candidate, evaluation.bid));
  }
  return offers.sort(compareOffers);
}

/** spec 2 §9: one page of the ranked offers; a page past the last is empty, with the total. */
export function pageOfOffers(offers: readonly InteractiveOffer[], page: number, perPage: number): InteractiveMatchesPage {
  const start = (page - 1) * perPage;
  return { total_records: offers.length, page, per_page: perPage, records: offers.slice(start, start + perPage) };
}
