import { initialQualifyingRanges, type RuleFieldName, ruleFieldByName, ruleFields } from '../../../domain/bid-template/rule-fields';
import { choicesOf, type RuleTest, ruleTestErrors } from '../../../domain/bid-template/rules';

// A rule test (qualifying rule or a conditional rule's condition) as the inputs hold it, and back: a range as two
// number inputs ('' when empty), a multiple choice as the list of chosen values ('' joined by ';', none for any).

export type NumberValue = number | '';
export type TestValues = { rule_field: RuleFieldName; min: NumberValue; max: NumberValue; choices: string[] };

const numberOrNull = (value: NumberValue): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export const testValuesOf = (test: RuleTest): TestValues => ({
  rule_field: test.rule_field,
  min: test.min_value ?? '',
  max: test.max_value ?? '',
  choices: choicesOf(test.value),
});

export function testOf(values: TestValues): RuleTest {
  const field = ruleFieldByName.get(values.rule_field);
  if (field?.field_type === 'multiple_choice') return { rule_field: values.rule_field, min_value: null, max_value: null, value: values.choices.length > 0 ? values.choices.join(';') : null };
  return { rule_field: values.rule_field, min_value: numberOrNull(values.min), max_value: numberOrNull(values.max), value: null };
}

/** The messages of one test, by input: `min`, `max`, `choices` (spec 3 §5: 'Inform a value.', within the bounds). */
export function testErrors(values: TestValues): Partial<Record<'min' | 'max' | 'choices', string>> {
  const errors = ruleTestErrors(testOf(values), 't');
  return {
    ...(errors['t.min_value'] ? { min: errors['t.min_value'].join(' ') } : {}),
    ...(errors['t.max_value'] ? { max: errors['t.max_value'].join(' ') } : {}),
    ...(errors['t.value'] ? { choices: errors['t.value'].join(' ') } : {}),
  };
}

/** Loan amount and LVR are always tested (spec 3 §4 step 9: a template starts with them). */
export const requiredRuleFields = Object.keys(initialQualifyingRanges) as RuleFieldName[];

/** One row per rule field: the template's rule, or an empty one (spec 3 §4 step 9: others empty). */
export function qualifyingValuesOf(rules: readonly RuleTest[]): TestValues[] {
  return ruleFields.map((field) => {
    const rule = rules.find((candidate) => candidate.rule_field === field.name);
    return rule ? testValuesOf(rule) : { rule_field: field.name, min: '', max: '', choices: [] };
  });
}

/** The rules to save: the required ranges always; another range once either end is given; choices once one is picked. */
export function qualifyingRulesOf(values: readonly TestValues[]): RuleTest[] {
  return values
    .filter((row) => requiredRuleFields.includes(row.rule_field) || row.min !== '' || row.max !== '' || row.choices.length > 0)
    .map(testOf);
}

/** spec 3 §4 step 6, §8 MISSING_QUALIFYING_RULES: a required range missing, or a range without both ends. */
export function missingQualifyingRules(rules: readonly RuleTest[]): boolean {
  if (requiredRuleFields.some((name) => !rules.some((rule) => rule.rule_field === name))) return true;
  return rules.some((rule) => {
    const field = ruleFieldByName.get(rule.rule_field);
    return field?.field_type !== 'multiple_choice' && (rule.min_value === null || rule.max_value === null);
  });
}
