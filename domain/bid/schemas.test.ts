import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../post/schemas';
import { type BidFormInput, bidCancellationReason, bidFormSchema } from './schemas';

const form: BidFormInput = {
  bid_type: 'normal',
  organisation_uuid: '0b0c5d1e-0000-4000-8000-000000000008',
  interest_rate: 5.99,
  comparison_rate: 6.1,
  rate_type: 'variable',
  type_of_loan: 'basic_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 90,
  required_documents: [{ document_type: 'Payslip', description: null, quantity: 2, mandatory: true }],
};
const errorsOf = (input: unknown) => fieldErrorsOf(bidFormSchema.safeParse(input));

describe('the bid form (spec 3 §5)', () => {
  it('takes a minimal bid and fills the defaults', () => {
    expect(bidFormSchema.parse(form)).toMatchObject({ show_private: false, amount: null, application_fee_value: 0, optional_documents: [] });
  });
  it.each([
    ['amount', 199_999, 'Min value is 200,000'],
    ['amount', 15_000_001, 'Max value is 15,000,000'],
    ['interest_rate', 15.01, 'Max value is 15'],
    ['comparison_rate', 1.49, 'Min value is 1.5'],
    ['advertised_rate', 16, 'Max value is 15'],
    ['rate_reverts_to', 1, 'Min value is 1.5'],
    ['rate_reverts_after', 61, 'Max value is 60'],
    ['fixed_period', 6, 'Max value is 5'],
    ['interest_only_period', 11, 'Max value is 10'],
    ['maximum_lvr', 100.5, 'Max value is 100'],
    ['maximum_lvr', -1, 'Min value is 0'],
    ['application_fee_value', 20_001, 'Max value is 20,000'],
    ['ongoing_fees_value', 12_001, 'Max value is 12,000'],
    ['cash_back', 50_001, 'Max value is 50,000'],
    ['interest_rate', 5.999, 'At most 2 decimals'],
    ['type_of_loan', 'mortgage', 'Select a type of loan.'],
    ['type_of_loan', undefined, 'Select a type of loan.'],
    ['type_of_loan', null, 'Select a type of loan.'],
  ])('refuses %s = %s', (field, value, message) => {
    expect(errorsOf({ ...form, [field]: value })[field]).toEqual([message]);
  });
  it('needs at least one required document, each with a quantity of 1 to 1000', () => {
    expect(errorsOf({ ...form, required_documents: [] })).toEqual({ required_documents: ['Add at least one required document'] });
    const document = form.required_documents[0]!;
    expect(errorsOf({ ...form, required_documents: [{ ...document, quantity: 1001 }] })).toEqual({ 'required_documents.0.quantity': ['Max value is 1,000'] });
    expect(errorsOf({ ...form, required_documents: [{ ...document, quantity: 0 }] })).toEqual({ 'required_documents.0.quantity': ['Min value is 1'] });
  });
  it('needs the periods its choices promise', () => {
    expect(errorsOf({ ...form, rate_type: 'fixed' })).toEqual({ fixed_period: ['Choose the fixed period'] });
    expect(errorsOf({ ...form, repayment_type: 'interest_only' })).toEqual({ interest_only_period: ['Choose the interest-only period'] });
    expect(Object.keys(errorsOf({ ...form, introductory_rate: true }))).toEqual(['rate_reverts_to', 'rate_reverts_after']);
  });
  it('refuses unknown fields and wrong types without throwing', () => {
    expect(errorsOf({ ...form, surprise: 1 })).toHaveProperty('body');
    expect(errorsOf({ ...form, interest_rate: '5' })).toEqual({ interest_rate: ['Should be a number'] });
    expect(errorsOf(null)).toHaveProperty('body');
  });
});

describe('the cancellation reason (spec 1 §5)', () => {
  it('is required and trimmed', () => {
    expect(bidCancellationReason.safeParse('   ').error?.issues[0]?.message).toBe('The reason is required.');
    expect(bidCancellationReason.parse('  Rates changed ')).toBe('Rates changed');
  });
});
