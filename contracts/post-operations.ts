import { z } from 'zod';
import { cancellationReason, postChangesSchema, postSortKey, updateRequestMessage } from '../domain/post/schemas';

// The body of PATCH /v2/posts/{id} (spec 2 §4 "Post operations", spec 1 §2 "Admin actions"; docs/api.md "Posts").

// `operation: edit`: several part changes decided as one (`EditPost`), so
// an open post that must stay complete can change applicants, incomes and expenses together (the edit screen), and
// a wizard step saves all of its parts in one request that answers the post (docs/architecture.md "Where a post's
// detail is read from"). New parts carry a uuid the client made, so the changes after them, and any error, can name
// them; one already used anywhere is refused. A change's fields are checked by the workflow with the domain's rules.

const part = z.record(z.string(), z.unknown());
const id = z.uuid();

export const postChange = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('change_post'), post: part }),
    z.strictObject({ type: z.literal('set_home_loan'), uuid: id, home_loan: part }),
    z.strictObject({ type: z.literal('change_home_loan'), home_loan: part }),
    z.strictObject({ type: z.literal('set_preferences'), uuid: id, home_loan_preferences: part }),
    z.strictObject({ type: z.literal('change_preferences'), home_loan_preferences: part }),
    z.strictObject({ type: z.literal('add_applicant'), uuid: id, applicant: part }),
    z.strictObject({ type: z.literal('change_applicant'), uuid: id, applicant: part }),
    z.strictObject({ type: z.literal('remove_applicant'), uuid: id }),
    z.strictObject({ type: z.literal('add_income'), uuid: id, applicant_uuid: id, income: part }),
    z.strictObject({ type: z.literal('change_income'), uuid: id, income: part }),
    z.strictObject({ type: z.literal('remove_income'), uuid: id }),
    z.strictObject({ type: z.literal('add_expense'), uuid: id, expense: part }),
    z.strictObject({ type: z.literal('change_expense'), uuid: id, expense: part }),
    z.strictObject({ type: z.literal('remove_expense'), uuid: id }),
  ],
  { error: 'Unknown change.' },
);
export type PostChange = z.infer<typeof postChange>;

export const editOperation = z.strictObject({ operation: z.literal('edit'), changes: z.array(postChange).min(1, 'Nothing to save.').max(100) });

/** The post's operations after publishing (docs/post-lifecycle.md); who may run which is the lifecycle decider's rule. */
export const lifecycleOperations = [
  'end_bidding_period',
  'promote_as_priority',
  'remove_priority',
  'close',
  'extend_review_period',
  'cancel_automatic_selection',
  'stop_auto_bids',
  'resume_auto_bids',
  'delete',
] as const;
export type LifecycleOperation = (typeof lifecycleOperations)[number];

export const postOperationBody = z.discriminatedUnion(
  'operation',
  [
    z.strictObject({ operation: z.literal('update'), post: postChangesSchema }),
    z.strictObject({ operation: z.literal('validate') }),
    z.strictObject({ operation: z.literal('cancel'), reason: cancellationReason }),
    z.strictObject({ operation: z.literal('request_update'), message: updateRequestMessage }),
    z.strictObject({ operation: z.literal('set_sort'), sort_by: postSortKey }),
    editOperation,
    z.strictObject({ operation: z.enum(lifecycleOperations) }),
  ],
  { error: 'Unknown operation.' },
);
export type PostOperation = z.infer<typeof postOperationBody>;
