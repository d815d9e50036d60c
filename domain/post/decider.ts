import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import type {
  AddApplicant,
  AddExpense,
  AddIncome,
  ChangeApplicant,
  ChangeExpense,
  ChangeHomeLoan,
  ChangeIncome,
  ChangePreferences,
  PostCommand,
  PostCommandMetadata,
  PostPartCommand,
  PublishSettings,
  RemoveApplicant,
  SetHomeLoan,
  SetPreferences,
} from './commands';
import { checkPostComplete, type PostContent } from './completeness';
import type { PostEvent } from './events';
import {
  cancellableStatuses,
  decideLifecycle,
  evolveLifecycle,
  isLifecycleCommand,
  isLifecycleEvent,
  lifecycleErrors,
  lifecycleMessages,
  type LifecycleState,
  startLifecycle,
} from './lifecycle';
import {
  applicantSchema,
  fieldErrorsOf,
  expenseSchema,
  type FieldErrors,
  homeLoanDraftSchema,
  homeLoanSchema,
  incomeSchema,
  postLimits,
  postMessages,
  preferencesSchema,
  toHomeLoan,
} from './schemas';
import { sydneyYear } from '../shared/sydney-time';

// The post aggregate's creation side (spec 2 §4, §5, §7; spec 1 §4 "Post statuses"). A post is `pending` while the
// customer describes it, `active` (open for bids) once it validates, `cancelled` with a reason. Its parts change
// while it is pending or active; an active post never holds a broken rule (`checkPostComplete`). What happens after
// publishing (review, acceptance, expiry, the deal's outcome) is decided in lifecycle.ts.

export type PostState =
  // A deleted post reads as absent to every command and reader; `deleted` keeps its id from being started again.
  | { status: 'absent'; deleted?: true }
  | { status: 'pending'; post: PostContent }
  | (LifecycleState & { post: PostContent })
  | { status: 'cancelled'; post: PostContent; reason: string };

export type PostStatus = Exclude<PostState['status'], 'absent'>;

/** A refusal; `errors` (field path → messages) when fields are at fault, answered as 422. */
export type PostError = DomainError & { errors?: FieldErrors };
export type PostDecision = { ok: true; events: PostEvent[] } | { ok: false; error: PostError };

export const postErrors = {
  alreadyExists: 'POST_ALREADY_EXISTS',
  notFound: 'POST_NOT_FOUND',
  notOwner: 'POST_NOT_OWNER',
  notEditable: 'POST_NOT_EDITABLE',
  alreadyCancelled: 'POST_ALREADY_CANCELLED',
  /** A part's fields break a rule. */
  invalid: 'POST_INVALID',
  /** Publishing, or changing an active post, would leave a rule across the post broken. */
  incomplete: 'POST_INCOMPLETE',
  homeLoanAlreadySet: 'HOME_LOAN_ALREADY_SET',
  homeLoanNotFound: 'HOME_LOAN_NOT_FOUND',
  preferencesAlreadySet: 'PREFERENCES_ALREADY_SET',
  preferencesNotFound: 'PREFERENCES_NOT_FOUND',
  partAlreadyExists: 'POST_PART_ALREADY_EXISTS',
  applicantsLimit: 'APPLICANTS_LIMIT',
  applicantNotFound: 'APPLICANT_NOT_FOUND',
  incomeNotFound: 'INCOME_NOT_FOUND',
  expenseNotFound: 'EXPENSE_NOT_FOUND',
  reasonRequired: 'CANCELLATION_REASON_REQUIRED',
  messageRequired: 'UPDATE_MESSAGE_REQUIRED',
  publishSettingsInvalid: 'PUBLISH_SETTINGS_INVALID',
} as const;

/** The field errors of a refusal, if any (for the API's 422 answer). */
export const postFieldErrors = (error: DomainError): FieldErrors | undefined => (error as PostError).errors;

/** spec 1 §4: the bidding period and the review time after it, unless the system configuration says otherwise. */
export const defaultPublishSettings: PublishSettings = { bidding_period_days: 7, review_period_days: 2 };

/** The calendar year in Australia (Sydney) at an ISO instant: the year applicants' ages are counted in. */
export const currentYearAt = (now: string): number => sydneyYear(now);

const refuse = (code: string, message: string, errors?: FieldErrors): PostDecision => ({
  ok: false,
  error: { code, message, ...(errors ? { errors } : {}) },
});
const invalid = (errors: FieldErrors) => refuse(postErrors.invalid, 'The post has invalid fields.', errors);
const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
const notFound = () => refuse(postErrors.notFound, 'Post not found.');
const DAY_MS = 86_400_000;

const initialState = (): PostState => ({ status: 'absent' });

function decide(command: PostCommand, state: PostState): PostDecision {
  if (isLifecycleCommand(command)) return decideLifecycle(state, command);
  const { actor } = command.metadata;
  if (command.type === 'StartPost') {
    if (state.status !== 'absent' || state.deleted) return refuse(postErrors.alreadyExists, 'This post already exists.');
    // A customer starts a post for themselves (the anonymous customer of the comparison tool too).
    if (command.data.owner_id !== actor.user_id) return refuse(postErrors.notOwner, 'A post is started by its owner.');
    return accept({ type: 'PostStarted', data: { ...command.data } });
  }
  if (state.status === 'absent' || command.data.post_id !== state.post.post_id) return notFound();
  const ref = { post_id: state.post.post_id, owner_id: state.post.owner_id };
  if (command.type === 'DeletePost') {
    // spec 1 §2 "Admin actions": in any status; the bids and deals go from the lists with the post.
    if (!actor.admin) return refuse(lifecycleErrors.notAllowed, lifecycleMessages.notAllowed);
    return accept({ type: 'PostDeleted', data: { ...ref, deleted_by: actor.user_id } });
  }
  // The API checks ownership before loading; this keeps the rule when a caller forgets (spec 1 §6).
  const isOwner = actor.user_id === state.post.owner_id;
  if (!isOwner && !(command.type === 'CancelPost' && actor.admin)) {
    return refuse(postErrors.notOwner, 'Only the owner of this post can change it.');
  }

  switch (command.type) {
    case 'PublishPost':
      return publish(state, command.data.settings ?? defaultPublishSettings, command.metadata);
    case 'CancelPost': {
      if (state.status === 'cancelled') return refuse(postErrors.alreadyCancelled, 'This post is already cancelled.');
      if (!(cancellableStatuses as readonly string[]).includes(state.status)) return notEditable();
      // spec 1 §5: the reason is required, trimmed.
      const reason = command.data.reason.trim();
      if (!reason) return refuse(postErrors.reasonRequired, postMessages.reasonRequired, { reason: [postMessages.reasonRequired] });
      return accept({ type: 'PostCancelled', data: { ...ref, reason, cancelled_by: actor.user_id } });
    }
    case 'RequestPostUpdate': {
      if (state.status === 'cancelled') return notEditable();
      const message = command.data.message.trim();
      if (!message) return refuse(postErrors.messageRequired, postMessages.messageRequired, { message: [postMessages.messageRequired] });
      return accept({ type: 'PostUpdateRequested', data: { ...ref, message } });
    }
    case 'SetPostSort':
      if (state.status === 'cancelled') return notEditable();
      if (state.post.sort_by === command.data.sort_by) return accept();
      return accept({ type: 'PostSortSet', data: { ...ref, sort_by: command.data.sort_by } });
    case 'EditPost':
      return edit(state, command.data.commands, command.metadata);
    default: {
      const { metadata: _metadata, ...part } = command;
      return edit(state, [part as PostPartCommand], command.metadata);
    }
  }
}

const notEditable = () => refuse(postErrors.notEditable, 'This post can no longer be changed.');

/** Part commands, decided one after the other on the post as it becomes; an active post must end complete. */
function edit(state: Exclude<PostState, { status: 'absent' }>, commands: readonly PostPartCommand[], metadata: PostCommandMetadata): PostDecision {
  if (state.status !== 'pending' && state.status !== 'active') return notEditable();
  const currentYear = currentYearAt(metadata.now);
  const events: PostEvent[] = [];
  let current: PostState = state;
  for (const command of commands) {
    if (current.status !== 'pending' && current.status !== 'active') return notEditable();
    if (command.data.post_id !== current.post.post_id) return notFound();
    const decision = decidePart(command, current.post, current.status, currentYear);
    if (!decision.ok) return decision;
    events.push(...decision.events);
    current = decision.events.reduce(evolve, current);
  }
  if (current.status === 'active') {
    const errors = checkPostComplete(current.post, currentYear);
    if (hasErrors(errors)) return refuse(postErrors.incomplete, 'An open post must stay complete.', errors);
  }
  return accept(...events);
}

function decidePart(command: PostPartCommand, post: PostContent, status: 'pending' | 'active', currentYear: number): PostDecision {
  const ref = { post_id: post.post_id, owner_id: post.owner_id };
  switch (command.type) {
    case 'ChangePostDetails':
      if (post.urgency === command.data.changes.urgency) return accept();
      return accept({ type: 'PostDetailsChanged', data: { ...ref, changes: command.data.changes } });
    case 'SetHomeLoan':
      return setHomeLoan(command, post, status);
    case 'ChangeHomeLoan':
      return changeHomeLoan(command, post, status);
    case 'SetPreferences':
      return setPreferences(command, post);
    case 'ChangePreferences':
      return changePreferences(command, post);
    case 'AddApplicant':
      return addApplicant(command, post, currentYear);
    case 'ChangeApplicant':
      return changeApplicant(command, post, currentYear);
    case 'RemoveApplicant':
      return removeApplicant(command, post);
    case 'AddIncome':
      return addIncome(command, post);
    case 'ChangeIncome':
      return changeIncome(command, post);
    case 'RemoveIncome': {
      const income = post.incomes.find((i) => i.income_id === command.data.income_id);
      // spec 2 §7: an income already gone counts as deleted.
      if (!income) return accept();
      return accept({ type: 'IncomeRemoved', data: { ...ref, income_id: income.income_id, applicant_id: income.applicant_id } });
    }
    case 'AddExpense':
      return addExpense(command, post);
    case 'ChangeExpense':
      return changeExpense(command, post);
    case 'RemoveExpense':
      // spec 2 §7: an expense already gone counts as deleted.
      if (!post.expenses.some((e) => e.expense_id === command.data.expense_id)) return accept();
      return accept({ type: 'ExpenseRemoved', data: { ...ref, expense_id: command.data.expense_id } });
    default:
      return assertNever(command);
  }
}

// While pending a loan may be a draft; an active post's loan is checked whole, so errors name the loan's fields.
const homeLoanSchemaFor = (status: 'pending' | 'active') => (status === 'active' ? homeLoanSchema : homeLoanDraftSchema);

function setHomeLoan(command: SetHomeLoan, post: PostContent, status: 'pending' | 'active'): PostDecision {
  if (post.home_loan) return refuse(postErrors.homeLoanAlreadySet, 'This post already has its home loan.');
  if (post.used_ids.includes(command.data.home_loan_id)) return partExists();
  const parsed = homeLoanSchemaFor(status).safeParse(toHomeLoan(command.data.home_loan));
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  return accept({
    type: 'HomeLoanSet',
    data: { post_id: post.post_id, owner_id: post.owner_id, home_loan_id: command.data.home_loan_id, home_loan: toHomeLoan(parsed.data) },
  });
}

function changeHomeLoan(command: ChangeHomeLoan, post: PostContent, status: 'pending' | 'active'): PostDecision {
  if (!post.home_loan || post.home_loan.home_loan_id !== command.data.home_loan_id) return homeLoanNotFound();
  const { home_loan_id: _id, ...current } = post.home_loan;
  const merged = { ...current, ...withoutUndefined(command.data.changes) };
  const parsed = homeLoanSchemaFor(status).safeParse(merged);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const next = toHomeLoan(parsed.data);
  const changes = changedFields(current, next);
  if (Object.keys(changes).length === 0) return accept();
  return accept({ type: 'HomeLoanChanged', data: { post_id: post.post_id, owner_id: post.owner_id, home_loan_id: command.data.home_loan_id, changes } });
}

function setPreferences(command: SetPreferences, post: PostContent): PostDecision {
  if (!post.home_loan || post.home_loan.home_loan_id !== command.data.home_loan_id) return homeLoanNotFound();
  if (post.preferences) return refuse(postErrors.preferencesAlreadySet, 'This home loan already has its preferences.');
  if (post.used_ids.includes(command.data.preferences_id)) return partExists();
  const parsed = preferencesSchema.safeParse(command.data.preferences);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const { home_loan_id, preferences_id } = command.data;
  return accept({ type: 'PreferencesSet', data: { post_id: post.post_id, owner_id: post.owner_id, home_loan_id, preferences_id, preferences: parsed.data } });
}

function changePreferences(command: ChangePreferences, post: PostContent): PostDecision {
  if (!post.preferences || post.preferences.preferences_id !== command.data.preferences_id) {
    return refuse(postErrors.preferencesNotFound, 'Home loan preferences not found.');
  }
  const { preferences_id, ...current } = post.preferences;
  const merged = { ...current, ...withoutUndefined(command.data.changes) };
  const parsed = preferencesSchema.safeParse(merged);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const changes = changedFields(current, parsed.data);
  if (Object.keys(changes).length === 0) return accept();
  return accept({ type: 'PreferencesChanged', data: { post_id: post.post_id, owner_id: post.owner_id, preferences_id, changes } });
}

function addApplicant(command: AddApplicant, post: PostContent, currentYear: number): PostDecision {
  if (!post.home_loan || post.home_loan.home_loan_id !== command.data.home_loan_id) return homeLoanNotFound();
  if (post.used_ids.includes(command.data.applicant_id)) return partExists();
  // spec 1 §5, spec 2 §5: at most 4 applicants.
  if (post.applicants.length >= postLimits.applicants.max) return refuse(postErrors.applicantsLimit, 'A post has at most 4 applicants.');
  const schema = applicantSchema(currentYear);
  const parsed = schema.safeParse(command.data.applicant);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const taken = new Set(post.applicants.map((a) => a.number));
  const number = [1, 2, 3, 4].find((n) => !taken.has(n)) ?? post.applicants.length + 1;
  return accept({
    type: 'ApplicantAdded',
    data: { post_id: post.post_id, owner_id: post.owner_id, applicant_id: command.data.applicant_id, number, applicant: parsed.data },
  });
}

function changeApplicant(command: ChangeApplicant, post: PostContent, currentYear: number): PostDecision {
  const applicant = post.applicants.find((a) => a.applicant_id === command.data.applicant_id);
  if (!applicant) return applicantNotFound();
  const { applicant_id, number: _number, ...current } = applicant;
  const merged = { ...current, ...withoutUndefined(command.data.changes) };
  const schema = applicantSchema(currentYear);
  const parsed = schema.safeParse(merged);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const changes = changedFields(current, parsed.data);
  if (Object.keys(changes).length === 0) return accept();
  return accept({ type: 'ApplicantChanged', data: { post_id: post.post_id, owner_id: post.owner_id, applicant_id, changes } });
}

function removeApplicant(command: RemoveApplicant, post: PostContent): PostDecision {
  const { applicant_id } = command.data;
  // DELETE /v2/applicants/{uuid} of an applicant already gone counts as deleted, like incomes and expenses.
  if (!post.applicants.some((a) => a.applicant_id === applicant_id)) return accept();
  const ref = { post_id: post.post_id, owner_id: post.owner_id };
  const events: PostEvent[] = [];
  for (const income of post.incomes.filter((i) => i.applicant_id === applicant_id)) {
    events.push({ type: 'IncomeRemoved', data: { ...ref, income_id: income.income_id, applicant_id } });
  }
  for (const { expense_id, ...expense } of post.expenses.filter((e) => e.applicants.includes(applicant_id))) {
    const applicants = expense.applicants.filter((id) => id !== applicant_id);
    // An expense needs an applicant (spec 2 §5): one that was the applicant's alone goes with them.
    events.push(
      applicants.length === 0
        ? { type: 'ExpenseRemoved', data: { ...ref, expense_id } }
        : { type: 'ExpenseChanged', data: { ...ref, expense_id, expense: { ...expense, applicants } } },
    );
  }
  events.push({ type: 'ApplicantRemoved', data: { ...ref, applicant_id } });
  return accept(...events);
}

function addIncome(command: AddIncome, post: PostContent): PostDecision {
  if (!post.applicants.some((a) => a.applicant_id === command.data.applicant_id)) return applicantNotFound();
  if (post.used_ids.includes(command.data.income_id)) return partExists();
  const parsed = incomeSchema.safeParse(command.data.income);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  const { income_id, applicant_id } = command.data;
  return accept({ type: 'IncomeAdded', data: { post_id: post.post_id, owner_id: post.owner_id, income_id, applicant_id, income: parsed.data } });
}

function changeIncome(command: ChangeIncome, post: PostContent): PostDecision {
  const income = post.incomes.find((i) => i.income_id === command.data.income_id);
  if (!income) return refuse(postErrors.incomeNotFound, 'Income not found.');
  const { income_id, applicant_id, ...current } = income;
  const merged = { ...current, ...withoutUndefined(command.data.changes) };
  const parsed = incomeSchema.safeParse(merged);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed));
  if (Object.keys(changedFields(current, parsed.data)).length === 0) return accept();
  return accept({ type: 'IncomeChanged', data: { post_id: post.post_id, owner_id: post.owner_id, income_id, applicant_id, income: parsed.data } });
}

/** The expense's fields, and its applicants among the post's (spec 2 §5: at least one). */
function expenseErrorsIn(post: PostContent, expense: unknown): { errors: FieldErrors; parsed: ReturnType<typeof expenseSchema.safeParse> } {
  const parsed = expenseSchema.safeParse(expense);
  const errors = fieldErrorsOf(parsed);
  if (parsed.success && parsed.data.applicants.some((id) => !post.applicants.some((a) => a.applicant_id === id))) {
    errors.applicants = [...(errors.applicants ?? []), postMessages.applicantUnknown];
  }
  return { errors, parsed };
}

function addExpense(command: AddExpense, post: PostContent): PostDecision {
  if (!post.home_loan || post.home_loan.home_loan_id !== command.data.home_loan_id) return homeLoanNotFound();
  if (post.used_ids.includes(command.data.expense_id)) return partExists();
  const { errors, parsed } = expenseErrorsIn(post, command.data.expense);
  if (!parsed.success || hasErrors(errors)) return invalid(errors);
  return accept({ type: 'ExpenseAdded', data: { post_id: post.post_id, owner_id: post.owner_id, expense_id: command.data.expense_id, expense: parsed.data } });
}

function changeExpense(command: ChangeExpense, post: PostContent): PostDecision {
  const existing = post.expenses.find((e) => e.expense_id === command.data.expense_id);
  if (!existing) return refuse(postErrors.expenseNotFound, 'Expense not found.');
  const { errors, parsed } = expenseErrorsIn(post, command.data.expense);
  if (!parsed.success || hasErrors(errors)) return invalid(errors);
  const { expense_id, ...current } = existing;
  if (sameValue(current, parsed.data)) return accept();
  return accept({ type: 'ExpenseChanged', data: { post_id: post.post_id, owner_id: post.owner_id, expense_id, expense: parsed.data } });
}

/** The `validate` operation (spec 2 §4): a complete pending post opens for bids. */
function publish(state: Exclude<PostState, { status: 'absent' }>, settings: PublishSettings, metadata: PostCommandMetadata): PostDecision {
  if (state.status === 'active') return accept();
  if (state.status !== 'pending') return notEditable();
  const { bidding_period_days, review_period_days } = settings;
  if (![bidding_period_days, review_period_days].every((days) => Number.isInteger(days) && days >= 1 && days <= 365)) {
    return refuse(postErrors.publishSettingsInvalid, 'The bidding and review periods must be 1 to 365 days.');
  }
  const errors = checkPostComplete(state.post, currentYearAt(metadata.now));
  if (hasErrors(errors)) return refuse(postErrors.incomplete, 'The post is not complete.', errors);
  const published = Date.parse(metadata.now);
  const biddingEnds = published + bidding_period_days * DAY_MS;
  return accept({
    type: 'PostPublished',
    data: {
      post_id: state.post.post_id,
      owner_id: state.post.owner_id,
      published_at: new Date(published).toISOString(),
      bidding_period_expiry_on: new Date(biddingEnds).toISOString(),
      review_bids_on: new Date(biddingEnds + review_period_days * DAY_MS).toISOString(),
    },
  });
}

const partExists = () => refuse(postErrors.partAlreadyExists, 'This id is already used in this post.');
const homeLoanNotFound = () => refuse(postErrors.homeLoanNotFound, 'Home loan not found.');
const applicantNotFound = () => refuse(postErrors.applicantNotFound, 'Applicant not found.');

function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `next` whose values differ from `current` (addresses compared by value). */
function changedFields<T extends object>(current: T, next: T): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !sameValue(current[key as keyof T], value))) as Partial<T>;
}

function evolve(state: PostState, event: PostEvent): PostState {
  if (event.type === 'PostStarted') {
    const { post_id, owner_id, product_id, origin, campaign_slug, urgency } = event.data;
    const campaign_id = event.data.campaign_id ?? null;
    return {
      status: 'pending',
      post: { post_id, owner_id, product_id, origin, campaign_slug, campaign_id, urgency, sort_by: null, home_loan: null, preferences: null, applicants: [], incomes: [], expenses: [], used_ids: [] },
    };
  }
  if (state.status === 'absent') return state;
  const post = state.post;
  if (isLifecycleEvent(event)) {
    return state.status === 'pending' || state.status === 'cancelled' ? state : { ...evolveLifecycle(state, event), post };
  }
  const withPost = (changes: Partial<PostContent>): PostState => ({ ...state, post: { ...post, ...changes } });
  const used = (id: string) => [...post.used_ids, id];
  switch (event.type) {
    case 'PostDetailsChanged':
      return withPost(event.data.changes);
    case 'HomeLoanSet':
      return withPost({ home_loan: { ...event.data.home_loan, home_loan_id: event.data.home_loan_id }, used_ids: used(event.data.home_loan_id) });
    case 'HomeLoanChanged':
      return post.home_loan ? withPost({ home_loan: { ...post.home_loan, ...event.data.changes } }) : state;
    case 'PreferencesSet':
      return withPost({ preferences: { ...event.data.preferences, preferences_id: event.data.preferences_id }, used_ids: used(event.data.preferences_id) });
    case 'PreferencesChanged':
      return post.preferences ? withPost({ preferences: { ...post.preferences, ...event.data.changes } }) : state;
    case 'ApplicantAdded':
      return withPost({
        applicants: [...post.applicants, { ...event.data.applicant, applicant_id: event.data.applicant_id, number: event.data.number }],
        used_ids: used(event.data.applicant_id),
      });
    case 'ApplicantChanged':
      return withPost({ applicants: post.applicants.map((a) => (a.applicant_id === event.data.applicant_id ? { ...a, ...event.data.changes } : a)) });
    case 'ApplicantRemoved':
      return withPost({ applicants: post.applicants.filter((a) => a.applicant_id !== event.data.applicant_id) });
    case 'IncomeAdded':
      return withPost({
        incomes: [...post.incomes, { ...event.data.income, income_id: event.data.income_id, applicant_id: event.data.applicant_id }],
        used_ids: used(event.data.income_id),
      });
    case 'IncomeChanged':
      return withPost({ incomes: post.incomes.map((i) => (i.income_id === event.data.income_id ? { ...event.data.income, income_id: i.income_id, applicant_id: i.applicant_id } : i)) });
    case 'IncomeRemoved':
      return withPost({ incomes: post.incomes.filter((i) => i.income_id !== event.data.income_id) });
    case 'ExpenseAdded':
      return withPost({ expenses: [...post.expenses, { ...event.data.expense, expense_id: event.data.expense_id }], used_ids: used(event.data.expense_id) });
    case 'ExpenseChanged':
      return withPost({ expenses: post.expenses.map((e) => (e.expense_id === event.data.expense_id ? { ...event.data.expense, expense_id: e.expense_id } : e)) });
    case 'ExpenseRemoved':
      return withPost({ expenses: post.expenses.filter((e) => e.expense_id !== event.data.expense_id) });
    case 'PostPublished':
      return { ...startLifecycle(event.data, post.origin), post };
    case 'PostCancelled':
      return { status: 'cancelled', post, reason: event.data.reason };
    case 'PostUpdateRequested':
      return state;
    case 'PostSortSet':
      return withPost({ sort_by: event.data.sort_by });
    case 'PostDeleted':
      return { status: 'absent', deleted: true };
    default:
      return assertNever(event);
  }
}

export const postDecider: Decider<PostState, PostCommand, PostEvent> & { decide: (command: PostCommand, state: PostState) => PostDecision } = {
  initialState,
  decide,
  evolve,
};
