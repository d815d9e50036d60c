import { describe, expect, it } from 'vitest';
import { initialQualifyingRules } from '../../../domain/bid-template/decider';
import { missingQualifyingRules, qualifyingRulesOf, qualifyingValuesOf, testErrors, testOf } from './rule-values';

// The qualifying rules' inputs and the rules they save (spec 3 §3, §4 step 9, §5).

describe('qualifying rules as inputs and back', () => {
  it('a new template’s rules come back unchanged (so an untouched step saves nothing)', () => {
    const rules = initialQualifyingRules();
    const saved = qualifyingRulesOf(qualifyingValuesOf(rules));
    expect(saved).toEqual(expect.arrayContaining(rules));
    expect(saved).toHaveLength(rules.length);
  });

  it('keeps the required ranges, and others once something is entered; choices join with ";"', () => {
    const rows = qualifyingValuesOf(initialQualifyingRules()).map((row) =>
      row.rule_field === 'loan_type' ? { ...row, choices: ['refinance', 'new_loan'] } : row.rule_field === 'property_market_value' ? { ...row, min: 300_000 as const } : row,
    );
    const saved = qualifyingRulesOf(rows);
    expect(saved.find((rule) => rule.rule_field === 'loan_type')).toEqual({ rule_field: 'loan_type', min_value: null, max_value: null, value: 'refinance;new_loan' });
    expect(saved.find((rule) => rule.rule_field === 'property_market_value')).toMatchObject({ min_value: 300_000, max_value: null });
    expect(saved.map((rule) => rule.rule_field)).not.toContain('credit_band');
  });
});

describe('the messages of a rule’s inputs', () => {
  it('a range needs both ends within the field’s bounds (spec 3 §5)', () => {
    expect(testErrors({ rule_field: 'maximum_lvr', min: 0, max: '', choices: [] })).toEqual({ max: 'Inform a value.' });
    expect(testErrors({ rule_field: 'loan_amount', min: 100_000, max: 500_000, choices: [] }).min).toMatch(/^Should be between \$200,000 and/);
    expect(testErrors({ rule_field: 'maximum_lvr', min: 0, max: 95, choices: [] })).toEqual({});
  });

  it('no choice means any', () => {
    expect(testOf({ rule_field: 'state', min: '', max: '', choices: [] }).value).toBeNull();
    expect(testErrors({ rule_field: 'state', min: '', max: '', choices: [] })).toEqual({});
  });
});

describe('missing qualifying rules (spec 3 §4 step 6)', () => {
  it('a required range absent or without an end is missing', () => {
    expect(missingQualifyingRules(initialQualifyingRules())).toBe(false);
    expect(missingQualifyingRules(initialQualifyingRules().filter((rule) => rule.rule_field !== 'loan_amount'))).toBe(true);
    expect(missingQualifyingRules(initialQualifyingRules().map((rule) => ({ ...rule, max_value: null })))).toBe(true);
  });
});
