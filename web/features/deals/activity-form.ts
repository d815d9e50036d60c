import { type AddableActivityType, addableActivityTypes, dealActivityInputSchema, type DealActivityType, type NotProceedingReason } from '../../../domain/deal/schemas';
import { isClosedStage, isStepActivity } from '../../../domain/deal/stages';
import type { DealActivityView, DealView } from '../../../contracts/deal';
import type { ActivityValues } from './api/change-activity';

// The add and edit activity dialog's values (spec 1 §5, spec 3 §5): the fields each type shows, and the domain's
// rules (domain/deal/schemas.ts) so the dialog and the API say the same thing; plus "not in the future", which the
// date picker also holds (the API checks the year).

export type ActivityFormValues = {
  activity_type: AddableActivityType;
  /** '' while empty (Mantine's NumberInput). */
  amount: number | string;
  description: string;
  activity_date: string | null;
  settled_lender: string;
  reason: NotProceedingReason | null;
};

export const activityFormMessages = { future: 'The date cannot be in the future' } as const;

/** Which optional fields the dialog shows for a type. */
export const activityFields = (type: AddableActivityType) => ({
  amount: type === 'application' || type === 'closed_won',
  settledLender: type === 'closed_won',
  reason: type === 'closed_lost',
  /** A note's text is required (spec 1 §5); the others take optional details. */
  noteRequired: type === 'note',
});

export const isAddableActivity = (type: DealActivityType): type is AddableActivityType => (addableActivityTypes as readonly string[]).includes(type);

/**
 * Whether the API will delete it (the deal decider's rule): a note always; a step only while it is the latest step
 * of an open deal. The page offers delete only there, rather than a button that always ends in a refusal.
 */
export function isDeletableActivity(deal: Pick<DealView, 'stage' | 'activities'>, activity: DealActivityView): boolean {
  if (activity.activity_type === 'note') return true;
  const latestStep = deal.activities.findLast((a) => isStepActivity(a.activity_type));
  return latestStep?.uuid === activity.uuid && !isClosedStage(deal.stage);
}

export function newActivityForm(type: AddableActivityType, today: string): ActivityFormValues {
  return { activity_type: type, amount: '', description: '', activity_date: today, settled_lender: '', reason: null };
}

export function activityFormOf(activity: DealActivityView & { activity_type: AddableActivityType }): ActivityFormValues {
  return {
    activity_type: activity.activity_type,
    amount: activity.amount ?? '',
    description: activity.description ?? '',
    activity_date: activity.activity_date,
    settled_lender: activity.settled_lender ?? '',
    reason: activity.reason,
  };
}

/** What is sent: empty fields as null, and only the fields the type shows. */
export function activityValuesOf(form: ActivityFormValues): ActivityValues {
  const shows = activityFields(form.activity_type);
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    amount: shows.amount && form.amount !== '' ? Number(form.amount) : null,
    description: text(form.description),
    activity_date: form.activity_date ?? '',
    settled_lender: shows.settledLender ? text(form.settled_lender) : null,
    reason: shows.reason ? form.reason : null,
  };
}

/** The dialog's errors by field (empty when it may be sent). */
export function activityFormErrors(form: ActivityFormValues, today: string): Record<string, string> {
  const values = activityValuesOf(form);
  const errors: Record<string, string> = {};
  const result = dealActivityInputSchema(Number(today.slice(0, 4))).safeParse({ activity_type: form.activity_type, ...values });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'activity_type');
      errors[field] ??= issue.message;
    }
  }
  if (!errors.activity_date && values.activity_date > today) errors.activity_date = activityFormMessages.future;
  return errors;
}
