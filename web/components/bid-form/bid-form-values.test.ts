import { describe, expect, it } from 'vitest';
import { bidFormSchema } from '../../../domain/bid/schemas';
import { comparisonRate } from '../../../domain/bid/comparison-rate';
import { type BidContext, type BidFormValues, bidFormValuesOf, comparisonTermsOf, emptyBidFormValues, toBidFormDraft } from './bid-form-values';

const context: BidContext = { organisation_uuid: '11111111-1111-4111-8111-111111111111', home_loan_bid_template_uuid: null, provider_uuid: null, product: null };

const filled = (changes: Partial<BidFormValues> = {}): BidFormValues => ({
  ...emptyBidFormValues(),
  interest_rate: 5.19,
  comparison_rate: 5.35,
  rate_type: 'variable',
  type_of_loan: 'full_service_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 80,
  required_documents: [{ key: 'k', uuid: null, document_type: 'Payslips', description: '', quantity: 2, mandatory: true }],
  ...changes,
});

const errorsOf = (values: BidFormValues) => {
  const parsed = bidFormSchema.safeParse(toBidFormDraft(values, context));
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the bid form values as the API bid form', () => {
  it('a filled form is a valid bid with the organisation of the context', () => {
    const parsed = bidFormSchema.parse(toBidFormDraft(filled(), context));
    expect(parsed).toMatchObject({ organisation_uuid: context.organisation_uuid, interest_rate: 5.19, amount: null });
    expect(parsed.required_documents).toEqual([{ document_type: 'Payslips', description: null, quantity: 2, mandatory: true }]);
  });

  it('an empty form names every required field, with the spec text for the type of loan', () => {
    const errors = errorsOf({ ...emptyBidFormValues(), required_documents: [] });
    expect(errors).toMatchObject({
      interest_rate: 'This field is required',
      comparison_rate: 'This field is required',
      maximum_lvr: 'This field is required',
      rate_type: 'This field is required',
      type_of_loan: 'Select a type of loan.',
      required_documents: 'Add at least one required document',
    });
  });

  it('paths of document rows match the form inputs (required_documents.0.quantity)', () => {
    const errors = errorsOf(filled({ required_documents: [{ key: 'k', uuid: null, document_type: '', description: '', quantity: 1001, mandatory: true }] }));
    expect(errors['required_documents.0.quantity']).toBe('Max value is 1,000');
    expect(errors['required_documents.0.document_type']).toBe('This field is required');
    expect(errorsOf(filled({ required_documents: [{ key: 'k', uuid: null, document_type: 'ID', description: '', quantity: '', mandatory: true }] }))).toHaveProperty(
      'required_documents.0.quantity',
      'This field is required',
    );
  });

  it('options hidden by other choices are not sent (no fixed period on a variable rate, no show_private on a normal bid)', () => {
    const draft = toBidFormDraft(filled({ fixed_period: 3, show_private: true, waived: true, application_fee_value: 500 }), context);
    expect(draft).toMatchObject({ fixed_period: null, show_private: false, application_fee_value: 0 });
    const anonymousFixed = toBidFormDraft(filled({ bid_type: 'anonymous', show_private: true, rate_type: 'fixed', fixed_period: 3 }), context);
    expect(anonymousFixed).toMatchObject({ fixed_period: 3, show_private: true });
  });

  it('a fixed rate needs its period', () => {
    expect(errorsOf(filled({ rate_type: 'fixed' }))).toHaveProperty('fixed_period', 'Choose the fixed period');
  });

  it('a saved bid comes back as the same values, its documents with their ids', () => {
    const documents = [{ key: 'k', uuid: '77777777-7777-4777-8777-777777777777', document_type: 'ID', description: 'Passport', quantity: 1, mandatory: false }];
    const saved = bidFormSchema.parse(toBidFormDraft(filled({ amount: 600_000, cash_back: 2000, offer_description: 'Offer', required_documents: documents }), context));
    expect(saved.required_documents[0]?.uuid).toBe(documents[0]?.uuid);
    const again = bidFormSchema.parse(toBidFormDraft(bidFormValuesOf(saved), context));
    expect(again).toEqual(saved);
  });
});

describe('the terms the comparison rate is worked out from', () => {
  it('wait for an interest rate and a rate type, then carry the rates and fees', () => {
    expect(comparisonTermsOf(filled({ interest_rate: '' }))).toBeNull();
    const terms = comparisonTermsOf(filled({ interest_rate: 6, application_fee_value: 600 }));
    expect(terms).toMatchObject({ interest_rate: 6, application_fee_type: '$', application_fee_value: 600, ongoing_fees_value: 0 });
    expect(comparisonRate(terms!)).toBe(6.04);
    expect(comparisonRate(comparisonTermsOf(filled({ interest_rate: 6, application_fee_value: '' }))!)).toBe(6);
  });
});
