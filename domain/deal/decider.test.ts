import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { DealCommand } from './commands';
import { type DealError, dealDecider, dealErrors } from './decider';
import type { DealActivity, DealEvent } from './events';
import { bidLimitCounts, bidLimitLevel, dealValue, dealValueLabel } from './figures';
import { contactPreferenceFormSchema, contactPreferenceSchema, dealMessages, defaultContactPreference, toContactPreference } from './schemas';
import { dealStages, isClosedStage, positionOf } from './stages';

const given = specFor(dealDecider);

describe('a deal', () => {
  describe('when there is none', () => {
    it('opens from the accepted bid at the accepted stage with an accept activity dated today in Sydney', () => {
      expect(given([]).when(openDeal())).toEqual({ ok: true, events: [opened()] });
    });

    it('opens an external deal with an external_created activity', () => {
      const decision = given([]).when(openDeal({ external: true }));
      expect(decision).toMatchObject({ ok: true, events: [{ type: 'DealOpened', data: { external: true, activity: { activity_type: 'external_created' } } }] });
    });

    it('takes no activity', () => {
      expect(given([]).when(add('contact'))).toMatchObject({ ok: false, error: { code: dealErrors.notFound } });
    });
  });

  describe('when it is accepted', () => {
    it('cannot be opened twice (a replayed reactor)', () => {
      expect(given([opened()]).when(openDeal())).toMatchObject({ ok: false, error: { code: dealErrors.alreadyOpen } });
    });

    it('moves to contacted, applied and closed won one step at a time', () => {
      const c = added('contact', 'contacted');
      const a = added('application', 'applied', { amount: 640000 });
      expect(given([opened()]).when(add('contact'))).toEqual({ ok: true, events: [c] });
      expect(given([opened(), c]).when(add('application', { amount: 640000 }))).toEqual({ ok: true, events: [a] });
      expect(given([opened(), c, a]).when(add('closed_won', { amount: 650000, settled_lender: 'Bank' }))).toMatchObject({
        ok: true,
        events: [{ type: 'DealActivityAdded', data: { stage: 'closed_won', activity: { amount: 650000, settled_lender: 'Bank' } } }],
      });
    });

    it('skips no step', () => {
      expect(given([opened()]).when(add('application', { amount: 1 }))).toMatchObject({ ok: false, error: { code: dealErrors.stepNotAllowed } });
      expect(given([opened()]).when(add('closed_won', { amount: 1 }))).toMatchObject({ ok: false, error: { code: dealErrors.stepNotAllowed } });
    });

    it('is closed lost with a not-proceeding reason, never without', () => {
      expect(given([opened()]).when(add('closed_lost', { reason: 'uncontactable' }))).toMatchObject({ ok: true, events: [{ data: { stage: 'closed_lost' } }] });
      expect(given([opened()]).when(add('closed_lost'))).toEqual({
        ok: false,
        error: { code: dealErrors.invalid, message: 'The activity is not valid.', errors: { reason: [dealMessages.reasonRequired] } },
      });
    });

    it('is only worked on by its provider or an admin', () => {
      expect(given([opened()]).when(add('contact', {}, { user_id: 'someone-else', admin: false }))).toMatchObject({ ok: false, error: { code: dealErrors.notYours } });
      expect(given([opened()]).when(add('contact', {}, { user_id: 'an-admin', admin: true }))).toMatchObject({ ok: true });
    });

    it('checks the activity fields with the spec 1 §5 rules', () => {
      const refused = (fields: Record<string, unknown>, type = 'note') => {
        const decision = given([opened()]).when(add(type, { description: 'Called', ...fields }));
        return decision.ok ? {} : (decision.error as DealError).errors;
      };
      expect(refused({ description: '   ' })).toEqual({ description: ['This field is required'] });
      expect(refused({ description: 'x'.repeat(1000) })).toEqual({ description: [dealMessages.noteTooLong] });
      expect(refused({ description: 'x'.repeat(999) })).toEqual({});
      expect(refused({ activity_date: '2016-12-31' })).toEqual({ activity_date: [dealMessages.dateTooEarly] });
      expect(refused({ activity_date: '2027-01-01' })).toEqual({ activity_date: [dealMessages.dateInFutureYear] });
      expect(refused({ activity_date: '2026-12-31' })).toEqual({});
      expect(refused({ activity_date: '2025-02-30' })).toEqual({ activity_date: [dealMessages.invalidDate] });
      expect(refused({ amount: 5_000_001 })).toEqual({ amount: ['Max value is 5,000,000'] });
      expect(refused({ amount: 5_000_000 })).toEqual({});
      expect(refused({ amount: null }, 'application')).toEqual({ amount: ['This field is required'] });
      expect(refused({}, 'accept')).toEqual({ activity_type: [dealMessages.notAChoice] });
    });

    it('takes notes in any stage', () => {
      expect(given([opened()]).when(add('note', { description: 'Left a voicemail' }))).toMatchObject({ ok: true, events: [{ data: { stage: 'accepted' } }] });
    });
  });

  describe('when it is on hold', () => {
    const c = added('contact', 'contacted');
    const held = added('on_hold', 'on_hold');

    it('comes back at the stage it was held at, or moves on from there', () => {
      expect(given([opened(), c, held]).when(add('contact', {}, providerActor, 'act-contact-again'))).toMatchObject({ ok: true, events: [{ data: { stage: 'contacted' } }] });
      expect(given([opened(), c, held]).when(add('application', { amount: 5 }))).toMatchObject({ ok: true, events: [{ data: { stage: 'applied' } }] });
      expect(given([opened(), c, held]).when(add('closed_won', { amount: 5 }))).toMatchObject({ ok: false, error: { code: dealErrors.stepNotAllowed } });
      expect(given([opened(), c, held]).when(add('on_hold', {}, providerActor, 'act-hold-again'))).toMatchObject({ ok: false, error: { code: dealErrors.stepNotAllowed } });
    });

    it('goes back when the hold is deleted', () => {
      expect(given([opened(), c, held]).when(removeActivity(idOf(held)))).toMatchObject({
        ok: true,
        events: [{ type: 'DealActivityDeleted', data: { stage: 'contacted' } }],
      });
    });
  });

  describe('when it is closed', () => {
    const lost = added('closed_lost', 'closed_lost', { reason: 'change_of_mind' });

    it('takes no step, only notes', () => {
      expect(given([opened(), lost]).when(add('contact'))).toEqual({
        ok: false,
        error: { code: dealErrors.stepNotAllowed, message: 'This deal is closed: only notes can be added.' },
      });
      expect(given([opened(), lost]).when(add('note', { description: 'Chose another lender' }))).toMatchObject({ ok: true });
    });

    it('keeps its closing step and its opening activity', () => {
      expect(given([opened(), lost]).when(removeActivity(idOf(lost)))).toMatchObject({ ok: false, error: { code: dealErrors.activityKept } });
      expect(given([opened(), lost]).when(removeActivity(idOf(opened())))).toMatchObject({ ok: false, error: { code: dealErrors.activityKept } });
    });

    it('has its values edited, within the rules', () => {
      expect(given([opened(), lost]).when(editActivity(idOf(lost), { reason: 'other', description: 'Moved overseas' }))).toMatchObject({
        ok: true,
        events: [{ type: 'DealActivityEdited', data: { reason: 'other', description: 'Moved overseas', edited_by: provider } }],
      });
      expect(given([opened(), lost]).when(editActivity(idOf(lost), { reason: null }))).toMatchObject({
        ok: false,
        error: { errors: { reason: [dealMessages.reasonRequired] } },
      });
      expect(given([opened(), lost]).when(editActivity(idOf(lost), { reason: 'change_of_mind' }))).toEqual({ ok: true, events: [] });
      expect(given([opened(), lost]).when(editActivity(idOf(lost), { activity_type: 'contact' }))).toMatchObject({ ok: false, error: { code: dealErrors.invalid } });
    });
  });

  it('deletes only a note or the latest step of an open deal', () => {
    const c = added('contact', 'contacted');
    const note = added('note', 'contacted', { description: 'Sent the forms' });
    const a = added('application', 'applied', { amount: 10 });
    expect(given([opened(), c, note, a]).when(removeActivity(idOf(c)))).toMatchObject({ ok: false, error: { code: dealErrors.activityKept } });
    expect(given([opened(), c, note, a]).when(removeActivity(idOf(note)))).toMatchObject({ ok: true, events: [{ data: { stage: 'applied' } }] });
    expect(given([opened(), c, note, a]).when(removeActivity(idOf(a)))).toMatchObject({ ok: true, events: [{ data: { stage: 'contacted' } }] });
    expect(given([opened(), c, note, a]).when(removeActivity('unknown'))).toMatchObject({ ok: false, error: { code: dealErrors.activityNotFound } });
  });

  it('property: any sequence of activities keeps the stage in the allowed graph, and a closed deal takes no step', () => {
    const allowed: Record<string, string[]> = {
      accepted: ['contacted', 'closed_lost', 'on_hold'],
      contacted: ['applied', 'closed_lost', 'on_hold'],
      applied: ['closed_won', 'closed_lost', 'on_hold'],
      on_hold: ['accepted', 'contacted', 'applied', 'closed_won', 'closed_lost'],
      closed_won: [],
      closed_lost: [],
    };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), type: fc.constantFrom('contact', 'note', 'application', 'closed_won', 'closed_lost', 'on_hold', 'accept') }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), amount: fc.integer({ min: -1, max: 6_000_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state = [opened()].reduce(dealDecider.evolve, dealDecider.initialState());
        let n = 0;
        for (const s of steps) {
          if (state.status === 'absent') throw new Error('the deal is open');
          const before = state.position.stage;
          const ids = state.activities.map((a) => a.activity_id);
          const command =
            s.kind === 'add'
              ? add(s.type, { amount: 100, reason: 'no_reason', description: 'x' }, undefined, `act-${n++}`)
              : s.kind === 'delete'
                ? removeActivity(ids[s.pick % ids.length]!)
                : editActivity(ids[s.pick % ids.length]!, { amount: s.amount });
          const decision = dealDecider.decide(command, state);
          if (isClosedStage(before) && s.kind === 'add' && s.type !== 'note') expect(decision.ok).toBe(false);
          if (!decision.ok) continue;
          state = decision.events.reduce(dealDecider.evolve, state);
          if (state.status === 'absent') throw new Error('the deal is open');
          const after = state.position.stage;
          if (isClosedStage(before)) expect(after).toBe(before);
          if (s.kind === 'add' && after !== before) expect(allowed[before]).toContain(after);
          // The events carry the stage the state holds, and the state's position is always a fold of its activities.
          for (const event of decision.events) if ('stage' in event.data) expect(event.data.stage).toBe(after);
          expect(positionOf(state.activities)).toEqual(state.position);
          expect(dealStages).toContain(after);
          for (const a of state.activities) if (a.amount !== null) expect(a.amount).toBeLessThanOrEqual(5_000_000);
        }
      }),
    );
  }, 60_000); // generous: the machine may be busy, the property is not about speed
});

describe('deal figures', () => {
  const act = (activity_type: DealActivity['activity_type'], amount: number | null = null) => ({ activity_type, amount });

  it('labels the value by the furthest activity (spec 1 §2)', () => {
    expect(dealValueLabel([act('accept')])).toBe('Loan Amount');
    expect(dealValueLabel([act('accept'), act('application', 5)])).toBe('Application Value');
    expect(dealValueLabel([act('accept'), act('application', 5), act('closed_won', 6)])).toBe('Closed Won Value');
    expect(dealValue([act('accept')], 500000)).toBe(500000);
    expect(dealValue([act('accept'), act('application', 5), act('application', 7)], 500000)).toBe(7);
    expect(dealValue([act('accept'), act('application', 5), act('closed_won', 6)], 500000)).toBe(6);
  });

  it('counts the provider deals accepted and contacted, warning at 80% and maxed at 100% (spec 3 §4)', () => {
    expect(bidLimitCounts(['accepted', 'contacted', 'accepted', 'applied', 'on_hold'])).toEqual({ total_accepted_bids: 2, total_contacted_bids: 1 });
    expect(bidLimitLevel(7, 10)).toBe('ok');
    expect(bidLimitLevel(8, 10)).toBe('warning');
    expect(bidLimitLevel(10, 10)).toBe('maxed');
    expect(bidLimitLevel(11, 10)).toBe('maxed');
    expect(bidLimitLevel(100, null)).toBe('ok');
  });
});

describe('the contact preference', () => {
  it('defaults to any day from 00:00 to 23:59 (spec 3 §5)', () => {
    expect(contactPreferenceSchema.parse({})).toEqual({ weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], from_time: '00:00', until_time: '23:59' });
  });

  it('refuses a start after the end and a bad time', () => {
    expect(contactPreferenceSchema.safeParse({ from_time: '18:00', until_time: '09:00' }).error?.issues[0]).toMatchObject({ path: ['until_time'], message: dealMessages.fromAfterUntil });
    expect(contactPreferenceSchema.safeParse({ from_time: '24:00' }).error?.issues[0]).toMatchObject({ message: dealMessages.invalidTime });
  });

  it("says an invalid time ('9am') is invalid, and only that (not that the start comes after the end)", () => {
    const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map(({ path, message }) => ({ path, message }));
    expect(issues(contactPreferenceSchema.safeParse({ from_time: '9am', until_time: '17:00' }))).toEqual([{ path: ['from_time'], message: dealMessages.invalidTime }]);
    expect(issues(contactPreferenceSchema.safeParse({ from_time: '09:00', until_time: '5pm' }))).toEqual([{ path: ['until_time'], message: dealMessages.invalidTime }]);
    const form = { preferred_time: true, weekdays: ['monday'], from_time: '9am', until_time: '17:00' };
    expect(issues(contactPreferenceFormSchema.safeParse(form))).toEqual([{ path: ['from_time'], message: dealMessages.invalidTime }]);
  });

  it('needs at least one time when the option is on, and fills the other from the defaults', () => {
    const form = { preferred_time: true, weekdays: ['friday', 'monday'] as const, from_time: null, until_time: null };
    expect(contactPreferenceFormSchema.safeParse(form).error?.issues[0]).toMatchObject({ path: ['from_time'], message: dealMessages.timeRequired });
    const parsed = contactPreferenceFormSchema.parse({ ...form, from_time: '17:00' });
    expect(toContactPreference(parsed)).toEqual({ weekdays: ['monday', 'friday'], from_time: '17:00', until_time: '23:59' });
    expect(toContactPreference({ ...parsed, preferred_time: false })).toEqual({ weekdays: ['monday', 'friday'], from_time: '00:00', until_time: '23:59' });
  });

  const change = (contact_preference: Record<string, unknown> | null, actor = { user_id: customer, admin: false }): DealCommand => ({
    type: 'ChangeContactPreference',
    data: { deal_id: deal, contact_preference },
    metadata: { actor, now },
  });

  it('is changed by the deal\'s customer or an admin, not by the provider', () => {
    const preference = { weekdays: ['tuesday'], from_time: '09:00', until_time: '12:00' };
    expect(given([opened()]).when(change(preference))).toEqual({
      ok: true,
      events: [{ type: 'DealContactPreferenceChanged', data: { ...refs, contact_preference: preference, changed_by: customer, changed_at: now } }],
    });
    expect(given([opened()]).when(change(preference, { user_id: 'admin-1', admin: true }))).toMatchObject({ ok: true, events: [{ type: 'DealContactPreferenceChanged' }] });
    expect(given([opened()]).when(change(preference, providerActor))).toMatchObject({ ok: false, error: { code: dealErrors.notCustomer } });
    expect(given([]).when(change(preference))).toMatchObject({ ok: false, error: { code: dealErrors.notFound } });
  });

  it('goes back to the defaults when removed; the same preference again records nothing; a bad one is refused with field errors', () => {
    const reset = given([opened()]).when(change(null));
    expect(reset).toMatchObject({ ok: true, events: [{ data: { contact_preference: defaultContactPreference } }] });
    expect(given([opened()]).when(change({ weekdays: ['monday'], from_time: '09:00', until_time: '17:00' }))).toEqual({ ok: true, events: [] });
    const refused = given([opened()]).when(change({ from_time: '18:00', until_time: '09:00' }));
    expect(refused).toMatchObject({ ok: false, error: { code: dealErrors.contactPreferenceInvalid, errors: { until_time: [dealMessages.fromAfterUntil] } } });
  });
});

const deal = 'd0000000-0000-4000-8000-000000000001';
const provider = 'f0000000-0000-4000-8000-000000000002';
const customer = 'c0000000-0000-4000-8000-000000000003';
const now = '2026-06-30T15:00:00.000Z'; // 1 July 2026 in Sydney
const providerActor = { user_id: provider, admin: false };
const refs = { deal_id: deal, provider_id: provider, customer_id: customer };

const openDeal = (overrides: { external?: boolean } = {}): DealCommand => ({
  type: 'OpenDeal',
  data: {
    ...refs,
    bid_id: 'b0000000-0000-4000-8000-000000000004',
    post_id: 'p0000000-0000-4000-8000-000000000005',
    organisation_id: 'o0000000-0000-4000-8000-000000000006',
    loan_amount: 600000,
    contact_preference: { weekdays: ['monday'], from_time: '09:00', until_time: '17:00' },
    external: overrides.external ?? false,
    activity_id: 'act-open',
  },
  metadata: { actor: { user_id: 'customer-or-reactor', admin: false }, now },
});
const opened = (): DealEvent => ({
  type: 'DealOpened',
  data: {
    ...refs,
    bid_id: 'b0000000-0000-4000-8000-000000000004',
    post_id: 'p0000000-0000-4000-8000-000000000005',
    organisation_id: 'o0000000-0000-4000-8000-000000000006',
    loan_amount: 600000,
    contact_preference: { weekdays: ['monday'], from_time: '09:00', until_time: '17:00' },
    external: false,
    activity: { ...activityValues('accept'), activity_id: 'act-open', activity_date: '2026-07-01', created_by: 'customer-or-reactor' },
    stage: 'accepted',
  },
});
const activityValues = (activity_type: DealActivity['activity_type'], fields: Partial<DealActivity> = {}): DealActivity => ({
  activity_id: `act-${activity_type}`,
  activity_type,
  amount: null,
  description: null,
  activity_date: '2026-06-29',
  settled_lender: null,
  reason: null,
  created_by: provider,
  created_at: now,
  ...fields,
});
const add = (activity_type: string, fields: Record<string, unknown> = {}, actor = providerActor, activity_id = `act-${activity_type}`): DealCommand => ({
  type: 'AddActivity',
  data: { deal_id: deal, activity_id, activity: { activity_type, activity_date: '2026-06-29', ...fields } },
  metadata: { actor, now },
});
const added = (activity_type: DealActivity['activity_type'], stage: string, fields: Partial<DealActivity> = {}): DealEvent => ({
  type: 'DealActivityAdded',
  data: { ...refs, activity: activityValues(activity_type, fields), stage: stage as never },
});
const idOf = (event: DealEvent) => (event.type === 'DealActivityAdded' || event.type === 'DealOpened' ? event.data.activity.activity_id : 'not-an-activity');
const removeActivity = (activity_id: string): DealCommand => ({ type: 'DeleteActivity', data: { deal_id: deal, activity_id }, metadata: { actor: providerActor, now } });
const editActivity = (activity_id: string, changes: Record<string, unknown>): DealCommand => ({
  type: 'EditActivity',
  data: { deal_id: deal, activity_id, changes },
  metadata: { actor: providerActor, now },
});
