import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { ExternalDealCommand } from './commands';
import { externalDealDecider, externalDealErrors } from './decider';
import type { ExternalDealEvent, ExternalDealProvider } from './events';
import { externalDealFormSchema, externalDealMessages } from './schemas';

const given = specFor(externalDealDecider);

describe('an external deal', () => {
  describe('when there is none', () => {
    it('is recorded by an admin with its customer, loan and providers', () => {
      expect(given([]).when(record())).toEqual({ ok: true, events: [recorded()] });
    });

    it('is refused to anyone but an admin', () => {
      expect(given([]).when(record({}, { admin: false }))).toMatchObject({ ok: false, error: { code: externalDealErrors.notAllowed } });
    });

    it('needs one or more providers (spec 1 §5)', () => {
      expect(given([]).when(record({ providers: [] }))).toMatchObject({
        ok: false,
        error: { code: externalDealErrors.invalid, errors: { fsp_user_uuids: [externalDealMessages.providersRequired] } },
      });
    });

    it('keeps the property value of external loans within 222,500 to 50,000,000 (spec 3 §9)', () => {
      const low = given([]).when(record({ loan: { ...loan, property_market_value: 222_499 } }));
      const high = given([]).when(record({ loan: { ...loan, property_market_value: 50_000_001 } }));
      expect(low).toMatchObject({ ok: false, error: { errors: { 'loan.property_market_value': ['Min value is 222,500'] } } });
      expect(high).toMatchObject({ ok: false, error: { errors: { 'loan.property_market_value': ['Max value is 50,000,000'] } } });
      expect(given([]).when(record({ loan: { ...loan, property_market_value: 222_500 } })).ok).toBe(true);
    });
  });

  describe('when it is recorded', () => {
    it('a retried create with the same request changes nothing', () => {
      expect(given([recorded()]).when(record())).toEqual({ ok: true, events: [] });
    });

    it('another create under the same id is refused', () => {
      expect(given([recorded()]).when(record({ customer_id: OTHER_CUSTOMER }))).toMatchObject({ ok: false, error: { code: externalDealErrors.alreadyExists } });
    });

    it('an edit changes the loan and adds providers', () => {
      const changed = { ...loan, loan_amount: 610_000 };
      expect(given([recorded()]).when(update({ loan: changed, providers: [providerA, providerB] }))).toEqual({
        ok: true,
        events: [{ type: 'ExternalDealUpdated', data: { external_deal_id: DEAL, customer_id: CUSTOMER, loan: changed, added_providers: [providerB], updated_by: ADMIN, updated_at: NOW } }],
      });
    });

    it('an edit that changes nothing records nothing', () => {
      expect(given([recorded()]).when(update())).toEqual({ ok: true, events: [] });
    });

    it('never takes a provider off (its deal stays)', () => {
      const updated: ExternalDealEvent = { type: 'ExternalDealUpdated', data: { external_deal_id: DEAL, customer_id: CUSTOMER, loan, added_providers: [providerB], updated_by: ADMIN, updated_at: NOW } };
      expect(given([recorded(), updated]).when(update({ providers: [providerB] }))).toMatchObject({
        ok: false,
        error: { errors: { fsp_user_uuids: [externalDealMessages.providerRemoved] } },
      });
    });

    it('cannot be edited when it does not exist', () => {
      expect(given([]).when(update())).toMatchObject({ ok: false, error: { code: externalDealErrors.notFound } });
    });
  });
});

describe('the external deal form (spec 1 §5)', () => {
  const valid = { customer_uuid: CUSTOMER_UUID(), fsp_user_uuids: [providerA.provider_id], loan };
  const errorsOf = (input: unknown) => externalDealFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes an existing customer or a new one', () => {
    expect(externalDealFormSchema.safeParse(valid).success).toBe(true);
    const created = externalDealFormSchema.safeParse({ ...valid, customer_uuid: null, customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com' } });
    expect(created.success && created.data.customer).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', mobile_number: null });
  });

  it("says 'You have to select a customer!' without a customer, or with both", () => {
    expect(errorsOf({ ...valid, customer_uuid: null })).toEqual([['customer_uuid', externalDealMessages.customerRequired]]);
    const both = { ...valid, customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' } };
    expect(errorsOf(both)).toEqual([['customer_uuid', externalDealMessages.customerRequired]]);
  });

  it("says 'Should be one or more FSP.' without providers", () => {
    expect(errorsOf({ ...valid, fsp_user_uuids: [] })).toEqual([['fsp_user_uuids', externalDealMessages.providersRequired]]);
    expect(errorsOf({ customer_uuid: valid.customer_uuid, loan })).toEqual([['fsp_user_uuids', externalDealMessages.providersRequired]]);
  });

  it("requires the new customer's e-mail", () => {
    expect(errorsOf({ ...valid, customer_uuid: null, customer: { first_name: 'Ada', last_name: 'Lovelace', email: '' } })).toEqual([['customer.email', 'Please, write an email']]);
    expect(errorsOf({ ...valid, customer_uuid: null, customer: { first_name: 'Ada', last_name: 'Lovelace' } })).toEqual([['customer.email', 'Please, write an email']]);
  });
});

// ── Fixtures ────────────────────────────────────────────────────────────────────────────────────────────────────

const ADMIN = '00000000-0000-4000-8000-00000000000a';
const DEAL = '00000000-0000-4000-8000-0000000000d1';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const OTHER_CUSTOMER = '00000000-0000-4000-8000-0000000000c2';
const CUSTOMER_UUID = () => CUSTOMER;
const NOW = '2026-11-21T01:00:00.000Z';
const loan = { loan_type: 'refinance', loan_purpose: 'owner', loan_amount: 600_000, property_market_value: 900_000 } as const;
const provider = (n: number): ExternalDealProvider => ({
  provider_id: `00000000-0000-4000-8000-00000000010${n}`,
  organisation_id: `00000000-0000-4000-8000-00000000020${n}`,
  bid_id: `00000000-0000-4000-8000-00000000030${n}`,
  deal_id: `00000000-0000-4000-8000-00000000040${n}`,
});
const providerA = provider(1);
const providerB = provider(2);

function record(data: Partial<Extract<ExternalDealCommand, { type: 'RecordExternalDeal' }>['data']> = {}, actor = { admin: true }): ExternalDealCommand {
  return {
    type: 'RecordExternalDeal',
    data: { external_deal_id: DEAL, customer_id: CUSTOMER, new_customer: true, loan, providers: [providerA], ...data },
    metadata: { actor: { user_id: ADMIN, ...actor }, now: NOW },
  };
}
function update(data: Partial<Extract<ExternalDealCommand, { type: 'UpdateExternalDeal' }>['data']> = {}): ExternalDealCommand {
  return { type: 'UpdateExternalDeal', data: { external_deal_id: DEAL, loan, providers: [providerA], ...data }, metadata: { actor: { user_id: ADMIN, admin: true }, now: NOW } };
}
function recorded(): ExternalDealEvent {
  return {
    type: 'ExternalDealRecorded',
    data: { external_deal_id: DEAL, customer_id: CUSTOMER, new_customer: true, loan, providers: [providerA], recorded_by: ADMIN, recorded_at: NOW },
  };
}
