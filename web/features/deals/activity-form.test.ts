import { describe, expect, it } from 'vitest';
import { dealMessages } from '../../../domain/deal/schemas';
import type { DealActivityType } from '../../../domain/deal/schemas';
import type { DealActivityView } from '../../../contracts/deal';
import { activityFormErrors, activityFormMessages, activityValuesOf, isDeletableActivity, newActivityForm } from './activity-form';

const today = '2026-11-21';

describe('the activity dialog', () => {
  it('sends a contact with its date and no empty fields', () => {
    const form = newActivityForm('contact', today);
    expect(activityFormErrors(form, today)).toEqual({});
    expect(activityValuesOf(form)).toEqual({ amount: null, description: null, activity_date: today, settled_lender: null, reason: null });
  });

  it('needs an amount for an application and a closed won deal, at most 5,000,000 (spec 1 §5)', () => {
    expect(activityFormErrors(newActivityForm('application', today), today)).toHaveProperty('amount');
    expect(activityFormErrors({ ...newActivityForm('closed_won', today), amount: 5_000_001 }, today)).toHaveProperty('amount');
    expect(activityFormErrors({ ...newActivityForm('closed_won', today), amount: 5_000_000, settled_lender: ' Harbour ' }, today)).toEqual({});
    expect(activityValuesOf({ ...newActivityForm('closed_won', today), amount: 480_000, settled_lender: ' Harbour ' })).toMatchObject({ amount: 480_000, settled_lender: 'Harbour' });
  });

  it('needs a note, under 1000 characters (spec 1 §5)', () => {
    expect(activityFormErrors(newActivityForm('note', today), today).description).toBeTruthy();
    expect(activityFormErrors({ ...newActivityForm('note', today), description: 'x'.repeat(1000) }, today).description).toBe(dealMessages.noteTooLong);
    expect(activityFormErrors({ ...newActivityForm('note', today), description: 'x'.repeat(999) }, today)).toEqual({});
  });

  it('needs a reason to close lost', () => {
    expect(activityFormErrors(newActivityForm('closed_lost', today), today).reason).toBe(dealMessages.reasonRequired);
    expect(activityFormErrors({ ...newActivityForm('closed_lost', today), reason: 'uncontactable' }, today)).toEqual({});
  });

  it('takes dates from 01/01/2017 to today', () => {
    expect(activityFormErrors({ ...newActivityForm('contact', today), activity_date: '2016-12-31' }, today).activity_date).toBe(dealMessages.dateTooEarly);
    expect(activityFormErrors({ ...newActivityForm('contact', today), activity_date: '2017-01-01' }, today)).toEqual({});
    expect(activityFormErrors({ ...newActivityForm('contact', today), activity_date: '2026-11-22' }, today).activity_date).toBe(activityFormMessages.future);
    expect(activityFormErrors({ ...newActivityForm('contact', today), activity_date: null }, today).activity_date).toBeTruthy();
  });

  it('does not send the fields its type does not show', () => {
    expect(activityValuesOf({ ...newActivityForm('contact', today), amount: 10, reason: 'other', settled_lender: 'X' })).toMatchObject({ amount: null, reason: null, settled_lender: null });
  });
});

describe('deleting an activity (the rule of the deal decider)', () => {
  const [accept, contact, note, application] = [activity('accept'), activity('contact'), activity('note'), activity('application')];

  it('offers a note and the latest step of an open deal only', () => {
    const deal = { stage: 'applied' as const, activities: [accept, contact, note, application] };
    expect(deal.activities.map((a) => isDeletableActivity(deal, a))).toEqual([false, false, true, true]);
  });

  it('keeps every step once the deal is closed', () => {
    const closedWon = activity('closed_won');
    const deal = { stage: 'closed_won' as const, activities: [accept, contact, application, note, closedWon] };
    expect(deal.activities.map((a) => isDeletableActivity(deal, a))).toEqual([false, false, false, true, false]);
  });
});

let activityCounter = 0;
function activity(activity_type: DealActivityType): DealActivityView {
  const n = String(++activityCounter).padStart(12, '0');
  return {
    uuid: `00000000-0000-4000-8000-${n}`,
    activity_type,
    label: activity_type,
    amount: null,
    description: null,
    activity_date: '2026-11-20',
    settled_lender: null,
    reason: null,
    created_by: '00000000-0000-4000-8000-000000000000',
    created_at: '2026-11-20T00:00:00.000Z',
  };
}
