import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import type { ModerateReview, ReviewCommand, SubmitReview } from './commands';
import type { ReviewEvent, ReviewSubmitted } from './events';
import { type FieldErrors, fieldErrorsOf, reviewInputSchema, type ReviewStatus } from './schemas';

// The review aggregate (spec 1 §3 "Review", §4 "Review status", §5 "Rating"; docs/reviews.md). A customer rates a
// provider once per post, after a deal with that provider on the post; an admin may rate on the customer's behalf;
// admins moderate. While pending, the review may be sent again (its rating and comment replaced); once moderated,
// only a moderator changes it.

type ReviewFacts = Omit<ReviewSubmitted['data'], 'status'>;

export type ReviewState = { status: 'absent' } | { status: ReviewStatus; review: ReviewFacts };

/** A refusal; `errors` (field → messages) when the input breaks a field rule, answered as 422. */
export type ReviewError = DomainError & { errors?: FieldErrors };
export type ReviewDecision = { ok: true; events: ReviewEvent[] } | { ok: false; error: ReviewError };

export const reviewErrors = {
  notFound: 'REVIEW_NOT_FOUND',
  notYours: 'REVIEW_NOT_YOURS',
  notPostOwner: 'REVIEW_NOT_POST_OWNER',
  noDeal: 'REVIEW_NO_DEAL',
  alreadyModerated: 'REVIEW_ALREADY_MODERATED',
  invalid: 'REVIEW_INVALID',
  notModerator: 'REVIEW_NOT_MODERATOR',
} as const;

export const reviewRefusals = {
  notFound: 'Review not found.',
  notYours: 'You can only rate a provider for yourself.',
  notPostOwner: 'Only the customer of this post can rate its provider.',
  noDeal: 'You can rate a provider only after a deal with them on this post.',
  alreadyModerated: 'This review has already been moderated.',
  invalid: 'The review is not valid.',
  notModerator: 'Only an admin can moderate reviews.',
} as const;

const refuse = (code: string, message: string, errors?: FieldErrors): ReviewDecision => ({
  ok: false,
  error: { code, message, ...(errors ? { errors } : {}) },
});

const initialState = (): ReviewState => ({ status: 'absent' });

function submit(command: SubmitReview, state: ReviewState): ReviewDecision {
  const { review_id, fsp_id, customer_id, facts } = command.data;
  const { actor, now } = command.metadata;
  if (!actor.admin && actor.user_id !== customer_id) return refuse(reviewErrors.notYours, reviewRefusals.notYours);
  if (customer_id !== facts.post_owner_id) return refuse(reviewErrors.notPostOwner, reviewRefusals.notPostOwner);
  if (!facts.provider_had_deal) return refuse(reviewErrors.noDeal, reviewRefusals.noDeal);
  if (state.status === 'approved' || state.status === 'rejected') return refuse(reviewErrors.alreadyModerated, reviewRefusals.alreadyModerated);
  const parsed = reviewInputSchema.safeParse(command.data.review);
  if (!parsed.success) return refuse(reviewErrors.invalid, reviewRefusals.invalid, fieldErrorsOf(parsed));
  const { rating, description } = parsed.data;
  if (state.status === 'absent') {
    return accept({
      type: 'ReviewSubmitted',
      data: { review_id, fsp_id, customer_id, post_id: facts.post_id, rating, description, status: 'pending', submitted_by: actor.user_id, on_behalf: actor.user_id !== customer_id, submitted_at: now },
    });
  }
  if (rating === state.review.rating && description === state.review.description) return accept();
  return accept({ type: 'ReviewEdited', data: { review_id, fsp_id, customer_id, rating, description, edited_by: actor.user_id, edited_at: now } });
}

function moderate(command: ModerateReview, state: ReviewState): ReviewDecision {
  const { actor, now } = command.metadata;
  if (!actor.admin) return refuse(reviewErrors.notModerator, reviewRefusals.notModerator);
  if (state.status === 'absent') return refuse(reviewErrors.notFound, reviewRefusals.notFound);
  if (state.status === command.data.status) return accept();
  const { review_id, fsp_id, customer_id } = state.review;
  return accept({ type: 'ReviewModerated', data: { review_id, fsp_id, customer_id, status: command.data.status, moderated_by: actor.user_id, moderated_at: now } });
}

function decide(command: ReviewCommand, state: ReviewState): ReviewDecision {
  switch (command.type) {
    case 'SubmitReview':
      return submit(command, state);
    case 'ModerateReview':
      return moderate(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewSubmitted': {
      const { status, ...review } = event.data;
      return { status, review };
    }
    case 'ReviewEdited':
      return state.status === 'absent' ? state : { ...state, review: { ...state.review, rating: event.data.rating, description: event.data.description } };
    case 'ReviewModerated':
      return state.status === 'absent' ? state : { ...state, status: event.data.status };
    default:
      return assertNever(event);
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> & { decide: (command: ReviewCommand, state: ReviewState) => ReviewDecision } = {
  initialState,
  decide,
  evolve,
};
