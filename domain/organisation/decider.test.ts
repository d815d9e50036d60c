import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { BidderCandidate, OrganisationCommand } from './commands';
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

  describe('allowed bidders', () => {
    it('are recorded with a new financial institution, without repeats', () => {
      expect(given([]).when(create(lender, [brokerA, brokerB, brokerA]))).toEqual({
        ok: true,
        events: [created(lender), biddersChanged([brokerA.uuid, brokerB.uuid])],
      });
    });

    it('are not recorded when none are named', () => {
      expect(given([]).when(create(lender, []))).toEqual({ ok: true, events: [created(lender)] });
    });

    it('must be existing brokers', () => {
      const unknown = { uuid: '7d4e1c7a-0b8f-4a51-9d0e-3f2a1b4c5d6e', organisation_type: null };
      const lenderCandidate = { uuid: '8e5f2d8b-1c9a-4b62-8e1f-4a3b2c5d6e7f', organisation_type: 'financial_institution' as const };
      for (const candidate of [unknown, lenderCandidate]) {
        expect(given([]).when(create(lender, [brokerA, candidate]))).toEqual({
          ok: false,
          error: { code: organisationErrors.bidderNotBroker, message: 'Allowed bidders must be existing brokers.' },
        });
        expect(given([created(lender)]).when(change({}, [candidate]))).toMatchObject({ ok: false, error: { code: organisationErrors.bidderNotBroker } });
      }
    });

    it('never include the organisation itself', () => {
      expect(given([created(lender)]).when(change({}, [{ uuid: id, organisation_type: 'financial_institution' }]))).toEqual({
        ok: false,
        error: { code: organisationErrors.bidderItself, message: 'An organisation cannot be its own allowed bidder.' },
      });
    });

    it('belong to financial institutions only', () => {
      expect(given([]).when(create(broker, [brokerA]))).toEqual({
        ok: false,
        error: { code: organisationErrors.brokerBidders, message: 'Only a financial institution has allowed bidders.' },
      });
      expect(given([created(lender)]).when(change({ organisation_type: 'broker' }, [brokerA]))).toMatchObject({
        ok: false,
        error: { code: organisationErrors.brokerBidders },
      });
    });

    it('are replaced by the list sent, together with the details', () => {
      expect(given([created(lender), biddersChanged([brokerA.uuid])]).when(change({ name: 'New Name' }, [brokerB]))).toEqual({
        ok: true,
        events: [
          { type: 'OrganisationDetailsChanged', data: { organisation_id: id, changes: { name: 'New Name' } } },
          biddersChanged([brokerB.uuid]),
        ],
      });
    });

    it('record nothing when the same brokers are sent in another order, or none are sent', () => {
      const history = [created(lender), biddersChanged([brokerA.uuid, brokerB.uuid])];
      expect(given(history).when(change({}, [brokerB, brokerA]))).toEqual({ ok: true, events: [] });
      expect(given(history).when(change({ name: lender.name }))).toEqual({ ok: true, events: [] });
    });

    it('are emptied when the list sent is empty', () => {
      expect(given([created(lender), biddersChanged([brokerA.uuid])]).when(change({}, []))).toEqual({ ok: true, events: [biddersChanged([])] });
    });

    it('are dropped when a financial institution becomes a broker', () => {
      expect(given([created(lender), biddersChanged([brokerA.uuid])]).when(change({ organisation_type: 'broker' }))).toEqual({
        ok: true,
        events: [
          { type: 'OrganisationDetailsChanged', data: { organisation_id: id, changes: { organisation_type: 'broker', category: null } } },
          biddersChanged([]),
        ],
      });
    });

    it('cannot be changed once the organisation was removed', () => {
      const history: OrganisationEvent[] = [created(lender), { type: 'OrganisationRemoved', data: { organisation_id: id } }];
      expect(given(history).when(change({}, [brokerA]))).toMatchObject({ ok: false, error: { code: organisationErrors.notFound } });
    });
  });

  it('property: whatever commands arrive, a broker never holds a category or allowed bidders, allowed bidders are brokers other than itself, and a removed organisation never changes', () => {
    const details = fc.record({
      name: fc.string({ minLength: 1, maxLength: 20 }),
      abbreviation: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
      organisation_type: fc.constantFrom(...organisationTypes),
      category: fc.option(fc.constantFrom(...organisationCategories), { nil: null }),
      status: fc.constantFrom(...organisationStatuses),
      logo_file_id: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
    });
    const candidate: fc.Arbitrary<BidderCandidate> = fc.record({
      uuid: fc.constantFrom(id, brokerA.uuid, brokerB.uuid),
      organisation_type: fc.constantFrom('broker' as const, 'financial_institution' as const, null),
    });
    const bidders = fc.option(fc.array(candidate, { maxLength: 3 }), { nil: undefined });
    const command: fc.Arbitrary<OrganisationCommand> = fc.oneof(
      fc.tuple(details, bidders).map(([d, b]) => create(d, b)),
      fc
        .tuple(details, bidders)
        .chain(([d, b]) => fc.subarray(Object.keys(d) as (keyof OrganisationDetails)[]).map((keys) => change(Object.fromEntries(keys.map((k) => [k, d[k]])), b))),
      fc.constant(removeIt),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let state = organisationDecider.initialState();
        let removed = false;
        for (const c of commands) {
          const decision = organisationDecider.decide(c, state);
          if (!decision.ok) continue;
          const named = c.type === 'RemoveOrganisation' ? [] : (c.data.allowed_bidders ?? []);
          for (const event of decision.events) {
            if (event.type !== 'OrganisationAllowedBiddersChanged') continue;
            for (const uuid of event.data.allowed_bidders) expect(named).toContainEqual({ uuid, organisation_type: 'broker' });
          }
          if (removed) expect(decision.events).toEqual([]);
          state = decision.events.reduce(organisationDecider.evolve, state);
          if (state.status === 'removed') removed = true;
          if (state.status === 'existing' && state.details.organisation_type === 'broker') {
            expect(state.details.category).toBeNull();
            expect(state.allowed_bidders).toEqual([]);
          }
          if (state.status === 'existing') expect(state.allowed_bidders).not.toContain(id);
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
const brokerA: BidderCandidate = { uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', organisation_type: 'broker' };
const brokerB: BidderCandidate = { uuid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', organisation_type: 'broker' };
const create = (details: OrganisationDetails, allowed_bidders?: BidderCandidate[]): OrganisationCommand => ({
  type: 'CreateOrganisation',
  data: { organisation_id: id, product_id: product, ...details, ...(allowed_bidders ? { allowed_bidders } : {}) },
});
const biddersChanged = (allowed_bidders: string[]): OrganisationEvent => ({
  type: 'OrganisationAllowedBiddersChanged',
  data: { organisation_id: id, allowed_bidders },
});
const created = (details: OrganisationDetails): OrganisationEvent => ({
  type: 'OrganisationCreated',
  data: { organisation_id: id, product_id: product, ...details },
});
const change = (changes: Partial<OrganisationDetails>, allowed_bidders?: BidderCandidate[]): OrganisationCommand => ({
  type: 'ChangeOrganisationDetails',
  data: { organisation_id: id, changes, ...(allowed_bidders ? { allowed_bidders } : {}) },
});
const removeIt: OrganisationCommand = { type: 'RemoveOrganisation', data: { organisation_id: id } };
