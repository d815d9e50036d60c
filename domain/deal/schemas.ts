import { z } from 'zod';
import { type FieldErrors, fieldErrorsOf, required } from '../post/schemas';
import { bounded, choice } from '../shared/fields';
import { longTextMaxLength } from '../shared/limits';
import { maxLengthMessage, notAChoice } from '../shared/messages';
import { dayAsWritten } from '../shared/sydney-time';

// The deal's activities and the customer's contact preference (spec 1 §3 "Deal activity", §5; spec 3 §3 "Bid
// activity and contact preference", §5 "Activities and notes"). The spec gives no texts for these rules; the
// messages below are listed in docs/events.md "Deal" so the API and the screens say the same thing.

export { type FieldErrors, fieldErrorsOf };

/** spec 1 §3. `accept` opens an auction deal and `external_created` an external one; users add the others. */
export const dealActivityTypes = ['accept', 'contact', 'note', 'application', 'closed_won', 'closed_lost', 'external_created', 'on_hold'] as const;
export type DealActivityType = (typeof dealActivityTypes)[number];
/** The activities a provider or an admin records on an open deal (the opening ones come from the acceptance). */
export const addableActivityTypes = ['contact', 'note', 'application', 'closed_won', 'closed_lost', 'on_hold'] as const;
export type AddableActivityType = (typeof addableActivityTypes)[number];

/** spec 1 §3 "Not-proceeding reasons": why a deal was closed lost. */
export const notProceedingReasons = [
  'uncontactable',
  'credit_or_serviceability_issues',
  'working_with_another_party',
  'retained_by_existing_lender',
  'change_of_mind',
  'no_reason',
  'other',
] as const;
export type NotProceedingReason = (typeof notProceedingReasons)[number];

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

/** spec 1 §5, spec 3 §9. */
export const dealLimits = {
  maxAmount: 5_000_000,
  minAmount: 1,
  /** "under 1000 characters" */
  maxNoteLength: longTextMaxLength - 1,
  settledLenderMaxLength: 200,
  earliestActivityDate: '2017-01-01',
} as const;

export const dealMessages = {
  required,
  noteTooLong: `The note must be under ${longTextMaxLength} characters`,
  invalidDate: 'Enter a valid date',
  dateTooEarly: `The date cannot be before ${dayAsWritten(dealLimits.earliestActivityDate)}`,
  dateInFutureYear: 'The date cannot be later than the current year',
  reasonRequired: 'Choose why the deal is not proceeding',
  notAChoice,
  invalidTime: 'Enter a time as HH:mm',
  fromAfterUntil: 'The start time cannot be after the end time',
  timeRequired: 'Choose at least one time',
  weekdayRequired: 'Choose at least one day',
} as const;

const amount = bounded(dealLimits.minAmount, dealLimits.maxAmount);

/**
 * An activity date, `YYYY-MM-DD` (spec 3 §3): a real calendar day, not before 2017-01-01 (so the year is after
 * 2000) and not later than `currentYear` (spec 3 §5). The current year comes from the caller: the decider reads no clock.
 */
export const activityDateSchema = (currentYear: number) =>
  z
    .string({ error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, dealMessages.invalidDate)
    .refine(isCalendarDay, dealMessages.invalidDate)
    .refine((date) => date >= dealLimits.earliestActivityDate, dealMessages.dateTooEarly)
    .refine((date) => Number(date.slice(0, 4)) <= currentYear, dealMessages.dateInFutureYear);

function isCalendarDay(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

const description = z.string().trim().max(dealLimits.maxNoteLength, dealMessages.noteTooLong);

/**
 * What a user sends to add an activity. Per type: a note needs its text; an application and a closed won deal
 * their amount (the deal value, spec 1 §2); closed lost a not-proceeding reason. Other fields are optional.
 */
const settledLender = z.string().trim().max(dealLimits.settledLenderMaxLength, maxLengthMessage(dealLimits.settledLenderMaxLength));

export const dealActivityInputSchema = (currentYear: number) =>
  z
    .object({
      activity_type: choice(addableActivityTypes),
      amount: amount.nullable().default(null),
      description: description.nullable().default(null),
      activity_date: activityDateSchema(currentYear),
      settled_lender: settledLender.nullable().default(null),
      reason: choice(notProceedingReasons).nullable().default(null),
    })
    .superRefine((activity, context) => {
      for (const [path, message] of activityRuleErrors(activity)) context.addIssue({ code: 'custom', path: [path], message });
    })
    .transform((activity) => ({ ...activity, description: activity.description || null }));
export type DealActivityInput = z.output<ReturnType<typeof dealActivityInputSchema>>;

/** Editing changes the values of an activity, never its type (spec 1 §5 "Edit activity"). */
export const dealActivityChangesSchema = (currentYear: number) =>
  z
    .object({
      amount: amount.nullable(),
      description: description.nullable(),
      activity_date: activityDateSchema(currentYear),
      settled_lender: settledLender.nullable(),
      reason: choice(notProceedingReasons).nullable(),
    })
    .partial()
    .strict();
export type DealActivityChanges = z.output<ReturnType<typeof dealActivityChangesSchema>>;

/** The fields an activity of each type must carry; checked on add and again on the result of an edit. */
export function activityRuleErrors(activity: {
  activity_type: DealActivityType;
  amount: number | null;
  description: string | null;
  reason: NotProceedingReason | null;
}): [field: string, message: string][] {
  const errors: [string, string][] = [];
  if (activity.activity_type === 'note' && !activity.description?.trim()) errors.push(['description', required]);
  if ((activity.activity_type === 'application' || activity.activity_type === 'closed_won') && activity.amount === null) {
    errors.push(['amount', required]);
  }
  if (activity.activity_type === 'closed_lost' && activity.reason === null) errors.push(['reason', dealMessages.reasonRequired]);
  return errors;
}

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: required }).regex(timePattern, dealMessages.invalidTime);
/** Both are HH:mm and from comes after until. An invalid time ('9am') gets its own message only, not this one. */
const fromAfterUntil = (from: unknown, until: unknown) => typeof from === 'string' && typeof until === 'string' && timePattern.test(from) && timePattern.test(until) && from > until;

/** spec 3 §5 defaults: any day, 00:00 to 23:59. */
export const defaultContactPreference = { weekdays: [...weekdays], from_time: '00:00', until_time: '23:59' } satisfies ContactPreference;

/** When the customer likes to be contacted (spec 3 §3): days and a time window, HH:mm, from not after until. */
export const contactPreferenceSchema = z
  .object({
    weekdays: z.array(choice(weekdays)).min(1, dealMessages.weekdayRequired).default([...weekdays]),
    from_time: time.default(defaultContactPreference.from_time),
    until_time: time.default(defaultContactPreference.until_time),
  })
  .refine((p) => !fromAfterUntil(p.from_time, p.until_time), { path: ['until_time'], message: dealMessages.fromAfterUntil })
  .transform((p) => ({ ...p, weekdays: weekdays.filter((day) => p.weekdays.includes(day)) }));
export type ContactPreference = { weekdays: Weekday[]; from_time: string; until_time: string };

/**
 * The acceptance dialog's form (spec 3 §5): with the option on the customer gives at least one time, the other
 * taking its default; with it off the defaults apply. `toContactPreference` turns it into the stored preference.
 */
export const contactPreferenceFormSchema = z
  .object({
    preferred_time: z.boolean({ error: required }),
    weekdays: z.array(choice(weekdays)).min(1, dealMessages.weekdayRequired),
    from_time: time.nullable(),
    until_time: time.nullable(),
  })
  .superRefine((form, context) => {
    if (!form.preferred_time) return;
    if (form.from_time === null && form.until_time === null) {
      context.addIssue({ code: 'custom', path: ['from_time'], message: dealMessages.timeRequired });
    } else if (fromAfterUntil(form.from_time ?? defaultContactPreference.from_time, form.until_time ?? defaultContactPreference.until_time)) {
      context.addIssue({ code: 'custom', path: ['until_time'], message: dealMessages.fromAfterUntil });
    }
  });
export type ContactPreferenceForm = z.output<typeof contactPreferenceFormSchema>;

export function toContactPreference(form: ContactPreferenceForm): ContactPreference {
  return {
    weekdays: weekdays.filter((day) => form.weekdays.includes(day)),
    from_time: (form.preferred_time && form.from_time) || defaultContactPreference.from_time,
    until_time: (form.preferred_time && form.until_time) || defaultContactPreference.until_time,
  };
}
