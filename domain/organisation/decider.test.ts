import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { OrganisationCommand } from './commands';
import { organisationDecider, organisationErrors } from './decider';
import type { OrganisationDetails, OrganisationEvent } from './events';
import { organisationCategories, organisationStatuses, organisationTypes } from './schemas';

const given = specFor(organisationDecider);

describe('organisation', () => {
  describe('when it does not exist', () => {
    it('is created with its details', () => {
      expect(given([]).when(create(lender))).toEqual({ ok: true, events: [created(lender)] });
    });

    it('cannot be changed or removed', () => {
      expect(given([]).when(change({ name: 'X' }))).toMatchObject({ ok: false, error: { code: organisationErrors.notFound } });
      expect(given([]).when(removeIt)).toMatchObject({ ok: false, error: { code: organisationErrors.notFound } });
    });

    it('refuses a broker with a category', () => {
      expect(given([]).when(create({ ...broker, category: 'online_banks' }))).toEqual({
        ok: false,
        error: { code: organisationErrors.brokerCategory, message: 'A broker has no category.' },
      });
    });
  });

  describe('when it exists', () => {
    it('cannot be created again', () => {
      expect(given([created(lender)]).when(create(lender))).toMatchObject({ ok: false, error: { code: organisationErrors.alreadyExists } });
    });

    it('records only the fields that changed', () => {
      expect(given([created(lender)]).when(change({ name: 'New Name', status: 'active', abbreviation: 'TB' }))).toEqual({
        ok: true,
        events: [{ type: 'OrganisationDetailsChanged', data: { organisation_id: id, changes: { name: 'New Name' } } }],
      });
    });

    it('records nothing when nothing changed', () => {
      expect(given([created(lender)]).when(change({ name: lender.name }))).toEqual({ ok: true, events: [] });
    });

    it('drops the category when a lender becomes a broker', () => {
      expect(given([created(lender)]).when(change({ organisation_type: 'broker' }))).toEqual({
        ok: true,
        events: [{ type: 'OrganisationDetailsChanged', data: { organisation_id: id, changes: { organisation_type: 'broker', category: null } } }],
      });
    });

    it('refuses a category on a broker', () => {
      expect(given([created(broker)]).when(change({ category: 'other_banks' }))).toMatchObject({
        ok: false,
        error: { code: organisationErrors.brokerCategory },
      });
    });

    it('is removed', () => {
      expect(given([created(lender)]).when(removeIt)).toEqual({ ok: true, events: [{ type: 'OrganisationRemoved', data: { organisation_id: id } }] });
    });
  });

  describe('when it was removed', () => {
    const history: OrganisationEvent[] = [created(lender), { type: 'OrganisationRemoved', data: { organisation_id: id } }];
    it('cannot be changed, removed again or re-created', () => {
      expect(given(history).when(change({ name: 'Back' }))).toMatchObject({ ok: false, error: { code: organisationErrors.notFound } });
      expect(given(history).when(removeIt)).toMatchObject({ ok: false, error: { code: organisationErrors.notFound } });
      expect(given(history).when(create(lender))).toMatchObject({ ok: false, error: { code: organisationErrors.alreadyExists } });
    });
  });

  it('property: whatever commands arrive, a broker never holds a category and a removed organisation never changes', () => {
    const details = fc.record({
      name: fc.string({ minLength: 1, maxLength: 20 }),
      abbreviation: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
      organisation_type: fc.constantFrom(...organisationTypes),
      category: fc.option(fc.constantFrom(...organisationCategories), { nil: null }),
      status: fc.constantFrom(...organisationStatuses),
      logo_file_id: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
    });
    const command: fc.Arbitrary<OrganisationCommand> = fc.oneof(
      details.map((d) => create(d)),
      details.chain((d) => fc.subarray(Object.keys(d) as (keyof OrganisationDetails)[]).map((keys) => change(Object.fromEntries(keys.map((k) => [k, d[k]]))))),
      fc.constant(removeIt),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let state = organisationDecider.initialState();
        let removed = false;
        for (const c of commands) {
          const decision = organisationDecider.decide(c, state);
          if (!decision.ok) continue;
          if (removed) expect(decision.events).toEqual([]);
          state = decision.events.reduce(organisationDecider.evolve, state);
          if (state.status === 'removed') removed = true;
          if (state.status === 'existing' && state.details.organisation_type === 'broker') expect(state.details.category).toBeNull();
        }
      }),
    );
  });
});

const id = '0b6f9e0a-3c39-4f7e-9a59-8f0f3c2b1a10';
const product = '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b';
const lender: OrganisationDetails = {
  name: 'Test Bank',
  abbreviation: 'TB',
  organisation_type: 'financial_institution',
  category: 'big_four_banks',
  status: 'active',
  logo_file_id: null,
};
const broker: OrganisationDetails = { ...lender, name: 'Test Broker', organisation_type: 'broker', category: null };
const create = (details: OrganisationDetails): OrganisationCommand => ({
  type: 'CreateOrganisation',
  data: { organisation_id: id, product_id: product, ...details },
});
const created = (details: OrganisationDetails): OrganisationEvent => ({
  type: 'OrganisationCreated',
  data: { organisation_id: id, product_id: product, ...details },
});
const change = (changes: Partial<OrganisationDetails>): OrganisationCommand => ({
  type: 'ChangeOrganisationDetails',
  data: { organisation_id: id, changes },
});
const removeIt: OrganisationCommand = { type: 'RemoveOrganisation', data: { organisation_id: id } };
