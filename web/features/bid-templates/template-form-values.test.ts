import { describe, expect, it } from 'vitest';
import type { BidTemplateView } from '../../../contracts/bid-template';
import { bidTemplateDetailsSchema } from '../../../domain/bid-template/schemas';
import { finalValueInWords, modifierInWords } from './conditional-rule-words';
import { templateFormValuesOf, toTemplateDetails } from './template-form-values';

// A saved template's details through the wizard's form and back: unchanged, so an untouched step saves nothing
// (spec 3 §4 step 2); and the rules' words from the domain's formulas.

const details = bidTemplateDetailsSchema.parse({
  name: 'Sydney refinancers',
  bid_type: 'normal',
  organisation_uuid: '33333333-3333-4333-8333-333333333333',
  interest_rate: 6.2,
  comparison_rate: 6.24,
  rate_type: 'variable',
  type_of_loan: 'full_service_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  application_fee_value: 600,
  required_documents: [{ uuid: '44444444-4444-4444-8444-444444444444', document_type: 'Payslips', description: null, quantity: 2, mandatory: true }],
});
const template = { uuid: '55555555-5555-4555-8555-555555555555', fsp_user_uuid: '11111111-1111-4111-8111-111111111111', home_loan_bid_template: details } as BidTemplateView;

describe('the details through the form', () => {
  it('come back as they were saved', () => {
    const values = templateFormValuesOf(template);
    expect(values).toMatchObject({ name: 'Sydney refinancers', fsp_user_uuid: template.fsp_user_uuid, organisation_uuid: details.organisation_uuid });
    expect(bidTemplateDetailsSchema.parse(toTemplateDetails(values))).toEqual(details);
  });
});

describe('a conditional rule in words', () => {
  it('a 2% discount on 6.20% gives 6.08% (spec 3 §5, to the hundredth)', () => {
    expect(finalValueInWords('interest_rate', { type: 'percentage_discount', value: 2 }, details)).toBe('6.20% → 6.08%');
    expect(modifierInWords({ bid_field: 'interest_rate', modifier: { type: 'percentage_discount', value: 2 } }, details)).toBe('Discount (%) 2.00%');
  });

  it('a fee in percent reads as a percentage; a flag as yes or no', () => {
    const inPercent = { ...details, application_fee_type: '%' as const, application_fee_value: 1 };
    expect(finalValueInWords('application_fee_value', { type: 'reduce_base_value', value: 0.5 }, inPercent)).toBe('1.00% → 0.50%');
    expect(finalValueInWords('offset', { type: 'new_boolean_value', value: true }, details)).toBe('No → Yes');
  });
});
