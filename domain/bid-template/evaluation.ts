import { lvrBlock } from '../bid/rules';
import { type BidForm, bidFormSchema, formatPercent } from '../bid/schemas';
import { formatAmount } from '../post/schemas';
import { finalValue, modifierLabels } from './modifiers';
import { type PostRuleFacts, modifiableBidFields, ruleFieldByName } from './rule-fields';
import {
  boundOf,
  type ConditionalRule,
  type LocationListType,
  type LocationRule,
  locationMatches,
  passes,
  placeOf,
  postValueOf,
  type QualifyingRule,
  type RuleTest,
} from './rules';

// The evaluation of a template against a post (docs/bid-templates.md "The evaluation"): whether it bids, the bid it
// would place, and a trace of every rule with the post's value and the bound. Pure and deterministic: auto-bidding,
// the simulation and the comparison tool all ask this one function.

export type TemplateRules = {
  /** The template's bid fields, as the bid form takes them. */
  bid: BidForm;
  qualifying_rules: readonly QualifyingRule[];
  conditional_rules: readonly ConditionalRule[];
  location_list_type: LocationListType;
  location_rules: readonly LocationRule[];
};

export const traceSteps = ['qualifying', 'location', 'conditional', 'bid', 'lvr'] as const;
export type TraceStep = (typeof traceSteps)[number];
export type TraceEntry = { step: TraceStep; rule: string; passed: boolean; post_value: string | null; bound: string; detail: string | null };

export type Evaluation =
  | { bids: true; bid: BidForm; trace: TraceEntry[] }
  | { bids: false; reason: Exclude<TraceStep, 'conditional'>; trace: TraceEntry[] };

const ruleName = (rule: RuleTest) => ruleFieldByName.get(rule.rule_field)?.label ?? rule.rule_field;

function testEntry(step: TraceStep, rule: RuleTest, facts: PostRuleFacts): TraceEntry {
  return { step, rule: ruleName(rule), passed: passes(rule, facts), post_value: postValueOf(rule, facts), bound: boundOf(rule), detail: null };
}

/** When a conditional rule applies, in words: 'LVR 0.00% to 60.00% and Credit band Excellent', or 'always'. */
export const conditionsInWords = (rule: Pick<ConditionalRule, 'conditions' | 'operator'>): string =>
  rule.conditions.length === 0 ? 'always' : rule.conditions.map((c) => `${ruleName(c)} ${boundOf(c)}`).join(rule.operator === 'all' ? ' and ' : ' or ');

const conditionsHold = (rule: ConditionalRule, facts: PostRuleFacts) =>
  rule.conditions.length === 0 || (rule.operator === 'all' ? rule.conditions.every((c) => passes(c, facts)) : rule.conditions.some((c) => passes(c, facts)));

/** A bid field's value in words: 6.20%, $600, Yes. */
export function shownBidValue(field: keyof typeof modifiableBidFields, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'number') return 'none';
  return modifiableBidFields[field].field_type === 'percentage' ? formatPercent(value) : `$${formatAmount(value)}`;
}

/**
 * For each bid field the first conditional rule whose conditions hold changes it, starting from the template's value
 * (rules are bands: 'LVR 0–60%: 0.20 off', 'LVR 60–80%: 0.10 off'). Later matching rules on the same field are traced
 * as not applied.
 */
function applyConditionalRules(template: TemplateRules, facts: PostRuleFacts, trace: TraceEntry[]): BidForm {
  const bid: Record<string, unknown> = { ...template.bid };
  const changed = new Set<string>();
  for (const rule of template.conditional_rules) {
    const field = modifiableBidFields[rule.bid_field];
    const holds = conditionsHold(rule, facts);
    const bound = conditionsInWords(rule);
    const postValue = rule.conditions.map((c) => `${ruleName(c)} ${postValueOf(c, facts) ?? 'not given'}`).join(', ') || null;
    let detail: string;
    if (!holds) detail = 'Conditions not met: not applied.';
    else if (changed.has(rule.bid_field)) detail = `An earlier rule already changed ${field.label}: not applied.`;
    else {
      const base = template.bid[rule.bid_field] as number | boolean | null;
      const result = finalValue(base, rule.modifier);
      if (result === null) detail = `${modifierLabels[rule.modifier.type]} needs a number: ${field.label} kept.`;
      else {
        bid[rule.bid_field] = result;
        changed.add(rule.bid_field);
        detail = `${field.label}: ${shownBidValue(rule.bid_field, base)} → ${shownBidValue(rule.bid_field, result)} (${modifierLabels[rule.modifier.type]} ${shownModifier(rule)}).`;
      }
    }
    trace.push({ step: 'conditional', rule: `${field.label} rule`, passed: holds, post_value: postValue, bound, detail });
  }
  return bid as BidForm;
}

/** A rule's modifier value in words: 2.00% (a discount), $150, Yes. */
export function shownModifier(rule: Pick<ConditionalRule, 'bid_field' | 'modifier'>): string {
  const { modifier } = rule;
  if (modifier.type === 'new_boolean_value') return modifier.value ? 'Yes' : 'No';
  if (modifier.type === 'percentage_discount') return formatPercent(modifier.value);
  return shownBidValue(rule.bid_field, modifier.value);
}

export function evaluateTemplate(template: TemplateRules, facts: PostRuleFacts, product = 'post'): Evaluation {
  const trace: TraceEntry[] = template.qualifying_rules.map((rule) => testEntry('qualifying', rule, facts));
  if (trace.some((entry) => !entry.passed)) return { bids: false, reason: 'qualifying', trace };

  // A whitelist without places limits nothing: a new template starts as a whitelist before any place is added.
  if (template.location_list_type === 'whitelist' && template.location_rules.length > 0) {
    const inPlace = template.location_rules.some((rule) => locationMatches(rule, facts));
    const where = [facts.suburb, facts.state, facts.postcode].filter(Boolean).join(' ') || null;
    trace.push({ step: 'location', rule: 'Location', passed: inPlace, post_value: where, bound: template.location_rules.map(placeOf).join('; '), detail: null });
    if (!inPlace) return { bids: false, reason: 'location', trace };
  }

  const bid = applyConditionalRules(template, facts, trace);

  const parsed = bidFormSchema.safeParse(bid);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'bid');
      const label = field in modifiableBidFields ? modifiableBidFields[field as keyof typeof modifiableBidFields].label : field;
      trace.push({ step: 'bid', rule: label, passed: false, post_value: null, bound: issue.message, detail: 'The bid after the rules is outside the bid form’s bounds: no bid.' });
    }
    return { bids: false, reason: 'bid', trace };
  }

  const block = lvrBlock(facts.maximum_lvr, parsed.data.maximum_lvr, product);
  trace.push({
    step: 'lvr',
    rule: 'Maximum LVR',
    passed: block === null,
    post_value: formatPercent(facts.maximum_lvr),
    bound: `at most ${formatPercent(parsed.data.maximum_lvr)}`,
    detail: block ? block.message : null,
  });
  if (block) return { bids: false, reason: 'lvr', trace };
  return { bids: true, bid: parsed.data, trace };
}
