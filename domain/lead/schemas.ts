import { z } from 'zod';
import { postOrigins } from '../post/constants';
import { listQuerySchema } from '../shared/list-query';
import { userStatuses } from '../user/schemas';

// Leads (docs/leads-and-opportunities.md): customers who have not published a post yet, with how far they got in the
// post wizard or the comparison tool and when they last did something. Read-only: a lead is made by what customers do.

/** How far a lead got: the furthest step of the post wizard (spec 2 §2) it saved something on. */
export const leadSteps = [
  { step: 0, label: 'Account only' },
  { step: 1, label: 'Intro' },
  { step: 2, label: 'Priorities' },
  { step: 3, label: 'Loan details' },
  { step: 4, label: 'Applicants' },
  { step: 5, label: 'Savings and incomes' },
  { step: 6, label: 'Expenses and liabilities' },
  { step: 7, label: 'Contact details' },
] as const;
export type LeadStep = (typeof leadSteps)[number]['step'];
export const lastLeadStep = 7;
export const leadStepLabel = (step: number) => leadSteps.find((s) => s.step === step)?.label ?? 'Account only';

export const leadView = z.object({
  /** The customer's uuid: an admin opens the customer at /user/{uuid}. */
  uuid: z.uuid(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(userStatuses),
  step: z.number().int().min(0).max(lastLeadStep),
  step_label: z.string(),
  /** The unpublished post the lead was last working on (null: none, or reset). */
  draft_post_uuid: z.uuid().nullable(),
  /** `matching`: the comparison tool; `auction`: the post wizard; null: no post started. */
  origin: z.enum(postOrigins).nullable(),
  campaign_uuid: z.uuid().nullable(),
  registered_at: z.string(),
  last_seen_at: z.string(),
});
export type LeadView = z.infer<typeof leadView>;

export const leadSortable = ['last_seen_at', 'registered_at', 'step'] as const;
export const leadFilter = z.strictObject({
  /** The lead got at least this far. */
  min_step: z.coerce.number().int().min(0).max(lastLeadStep).optional(),
  origin: z.enum(postOrigins).optional(),
  campaign_uuid: z.uuid({ error: 'Invalid campaign id.' }).optional(),
});
export const leadListQuery = listQuerySchema(leadSortable, leadFilter);
export type LeadListQuery = z.infer<typeof leadListQuery>;
