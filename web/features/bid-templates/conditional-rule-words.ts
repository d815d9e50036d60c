import type { BidTemplateView } from '../../../contracts/bid-template';
import { formatPercent } from '../../../domain/bid/schemas';
import { conditionsInWords, shownBidValue, shownModifier } from '../../../domain/bid-template/evaluation';
import { finalValue, type Modifier, modifierLabels } from '../../../domain/bid-template/modifiers';
import { type ModifiableBidField, modifiableBidFields } from '../../../domain/bid-template/rule-fields';

// A conditional rule as the screens say it, with the domain's own words and formula (spec 3 §5 "Modifier final
// value"): the preview in the wizard is the value the evaluation would bid.

type Details = BidTemplateView['home_loan_bid_template'];
type Rule = Pick<BidTemplateView['conditional_rules'][number], 'bid_field' | 'operator' | 'conditions' | 'modifier'>;

/** The template's own value of a bid field: the base a modifier starts from. */
export function baseValueOf(field: ModifiableBidField, details: Details): number | boolean | null {
  const value = details[field];
  return typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** A bid field's value in words; a percentage application fee reads as one. */
export function shownValue(field: ModifiableBidField, value: number | boolean | null, details: Details): string {
  if (field === 'application_fee_value' && details.application_fee_type === '%' && typeof value === 'number') return formatPercent(value);
  return shownBidValue(field, value);
}

/** 'base → final', or why there is no final value (spec 3 §5: null when not numeric). */
export function finalValueInWords(field: ModifiableBidField, modifier: Modifier, details: Details): string {
  const base = baseValueOf(field, details);
  const result = finalValue(base, modifier);
  if (result === null) return `${modifiableBidFields[field].label} has no value to change`;
  return `${shownValue(field, base, details)} → ${shownValue(field, result, details)}`;
}

/** The modifier in words: 'Discount (%) 2.00%', 'Reduce by 0.15%', 'Yes or no: Yes'. */
export function modifierInWords(rule: Pick<Rule, 'bid_field' | 'modifier'>, details: Details): string {
  const value = rule.bid_field === 'application_fee_value' && details.application_fee_type === '%' && rule.modifier.type !== 'percentage_discount' && typeof rule.modifier.value === 'number' ? formatPercent(rule.modifier.value) : shownModifier(rule);
  return `${modifierLabels[rule.modifier.type]} ${value}`;
}

/** 'Interest rate: Discount (%) 2.00% when LVR 0.00% to 60.00% (6.20% → 6.08%)'. */
export function conditionalRuleInWords(rule: Rule, details: Details): string {
  const label = modifiableBidFields[rule.bid_field].label;
  return `${label}: ${modifierInWords(rule, details)} when ${conditionsInWords(rule)} (${finalValueInWords(rule.bid_field, rule.modifier, details)})`;
}

export { conditionsInWords };
