import { formatPercent } from '../bid/schemas';
import { type FieldErrors, formatAmount } from '../post/schemas';
import type { Modifier } from './modifiers';
import { type ModifiableBidField, type PostRuleFacts, type RuleField, type RuleFieldName, ruleFieldByName } from './rule-fields';
import { toHundredths } from './modifiers';

// A template's rules (spec 3 §3): qualifying rules a post must pass for the template to bid at all, conditional
// rules that change the bid for the posts they match, and location rules that limit where it bids.

/** A test of one fact of a post: a range (currency, percentage) or a list of choices, ';'-joined, empty for any. */
export type RuleTest = { rule_field: RuleFieldName; min_value: number | null; max_value: number | null; value: string | null };
export type QualifyingRule = RuleTest;
/** `all`: every condition must hold; `any`: one is enough (the spec's operator_uuid). */
export const conditionOperators = ['all', 'any'] as const;
export type ConditionOperator = (typeof conditionOperators)[number];
export type ConditionalRule = { uuid: string; bid_field: ModifiableBidField; operator: ConditionOperator; conditions: RuleTest[]; modifier: Modifier };

export const addressTypes = ['state', 'postcode', 'suburb'] as const;
export type AddressType = (typeof addressTypes)[number];
/** A place the template bids in: a whole state, a postcode, or a suburb (with its postcode). */
export type LocationRule = { uuid: string; address_type: AddressType; state: string; postcode: string | null; suburb: string | null };
export const locationListTypes = ['whitelist'] as const;
export type LocationListType = (typeof locationListTypes)[number] | null;

export const templateRuleMessages = {
  /** spec 3 §5. */
  informValue: 'Inform a value.',
  /** spec 3 §8 MISSING_QUALIFYING_RULES. */
  missingQualifyingRules: 'You must fill qualifying rules to proceed to review step.',
  minAboveMax: 'The minimum is above the maximum.',
  unknownChoice: 'Choose from the listed values.',
} as const;
export const MISSING_QUALIFYING_RULES = 'MISSING_QUALIFYING_RULES';

/** The choices of a multiple-choice rule; none means any. */
export const choicesOf = (value: string | null): string[] =>
  (value ?? '')
    .split(';')
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');

/** Field errors of one rule test against its field's bounds (spec 3 §5): both ends, within bounds, in order. */
export function ruleTestErrors(rule: RuleTest, path: string): FieldErrors {
  const field = ruleFieldByName.get(rule.rule_field);
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[`${path}.${key}`] ??= []).push(message);
  if (!field) return { [`${path}.rule_field`]: [templateRuleMessages.unknownChoice] };
  if (field.field_type === 'multiple_choice') {
    const known = new Set(field.options.map((option) => option.value));
    if (choicesOf(rule.value).some((choice) => !known.has(choice))) add('value', templateRuleMessages.unknownChoice);
    return errors;
  }
  for (const key of ['min_value', 'max_value'] as const) {
    const value = rule[key];
    if (value === null) add(key, templateRuleMessages.informValue);
    else if (value < field.min || value > field.max) add(key, `Should be between ${shown(field, field.min)} and ${shown(field, field.max)}`);
  }
  if (rule.min_value !== null && rule.max_value !== null && rule.min_value > rule.max_value) add('min_value', templateRuleMessages.minAboveMax);
  return errors;
}

/** A value as the field shows it: $200,000 or 95.00%. */
export function shown(field: RuleField, value: number): string {
  return field.field_type === 'percentage' ? formatPercent(value) : `$${formatAmount(value)}`;
}

/** What the rule accepts, in words: '$200,000 to $5,000,000', 'Refinance or New loan', 'any'. */
export function boundOf(rule: RuleTest): string {
  const field = ruleFieldByName.get(rule.rule_field);
  if (!field) return 'unknown';
  if (field.field_type === 'multiple_choice') {
    const choices = choicesOf(rule.value);
    if (choices.length === 0) return 'any';
    return choices.map((choice) => field.options.find((option) => option.value === choice)?.label ?? choice).join(' or ');
  }
  const from = rule.min_value === null ? null : shown(field, rule.min_value);
  const to = rule.max_value === null ? null : shown(field, rule.max_value);
  if (from && to) return `${from} to ${to}`;
  return from ? `at least ${from}` : to ? `at most ${to}` : 'any';
}

/** The post's value of a rule's field, in words. */
export function postValueOf(rule: RuleTest, facts: PostRuleFacts): string | null {
  const field = ruleFieldByName.get(rule.rule_field);
  const value = facts[rule.rule_field];
  if (!field || value === null) return null;
  if (field.field_type === 'multiple_choice') return field.options.find((option) => option.value === String(value))?.label ?? String(value);
  return shown(field, Number(value));
}

/** Whether a post's fact passes a rule: within the range (in whole hundredths, ends included) or among the choices. */
export function passes(rule: RuleTest, facts: PostRuleFacts): boolean {
  const field = ruleFieldByName.get(rule.rule_field);
  const value = facts[rule.rule_field];
  if (!field) return false;
  if (field.field_type === 'multiple_choice') {
    const choices = choicesOf(rule.value);
    return choices.length === 0 || (value !== null && choices.includes(String(value)));
  }
  if (value === null) return false;
  const units = toHundredths(Number(value));
  return (rule.min_value === null || units >= toHundredths(rule.min_value)) && (rule.max_value === null || units <= toHundredths(rule.max_value));
}

/** Whether the post's property lies in a location rule's place. */
export function locationMatches(rule: LocationRule, facts: PostRuleFacts): boolean {
  const same = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
  if (!same(rule.state, facts.state)) return false;
  if (rule.address_type === 'state') return true;
  if (rule.address_type === 'postcode') return same(rule.postcode, facts.postcode);
  return same(rule.suburb, facts.suburb) && (rule.postcode === null || same(rule.postcode, facts.postcode));
}

/** A location rule in words: 'NSW', '2000 NSW', 'Sydney NSW 2000'. */
export const placeOf = (rule: LocationRule): string =>
  rule.address_type === 'state' ? rule.state : rule.address_type === 'postcode' ? `${rule.postcode} ${rule.state}` : `${rule.suburb} ${rule.state}${rule.postcode ? ` ${rule.postcode}` : ''}`;
