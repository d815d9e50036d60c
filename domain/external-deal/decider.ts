import { fieldErrorsOf } from '../post/schemas';
import { sameValue } from '../shared/same';
import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import type { ExternalDealCommand, RecordExternalDeal, UpdateExternalDeal } from './commands';
import type { ExternalDealEvent, ExternalDealProvider } from './events';
import { type ExternalLoan, externalDealMessages, externalLoanSchema, type FieldErrors, providerErrors } from './schemas';

// The external deal aggregate (spec 1 §2, §5; spec 3 §5): admins record it with a customer, one or more providers
// and the loan; an edit changes the loan and may add providers. A provider is never taken off: its deal exists and
// is closed lost on the deal page instead. The same request sent twice changes nothing (a retried create).

export type ExternalDealContent = {
  external_deal_id: string;
  customer_id: string;
  loan: ExternalLoan;
  providers: readonly ExternalDealProvider[];
};
export type ExternalDealState = { status: 'absent' } | { status: 'recorded'; deal: ExternalDealContent };

export type ExternalDealError = DomainError & { errors?: FieldErrors };
export type ExternalDealDecision = { ok: true; events: ExternalDealEvent[] } | { ok: false; error: ExternalDealError };

export const externalDealErrors = {
  notAllowed: 'EXTERNAL_DEAL_NOT_ALLOWED',
  alreadyExists: 'EXTERNAL_DEAL_ALREADY_EXISTS',
  notFound: 'EXTERNAL_DEAL_NOT_FOUND',
  invalid: 'EXTERNAL_DEAL_INVALID',
} as const;

const refuse = (code: string, message: string, errors?: FieldErrors): ExternalDealDecision => ({ ok: false, error: { code, message, ...(errors ? { errors } : {}) } });
const invalid = (errors: FieldErrors) => refuse(externalDealErrors.invalid, 'The external deal has invalid fields.', errors);
const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
const same = sameValue;

const initialState = (): ExternalDealState => ({ status: 'absent' });

/** The loan and the providers' ids checked; field errors named as the form names them. */
function checked(loan: unknown, providers: readonly ExternalDealProvider[]): { ok: true; loan: ExternalLoan } | ExternalDealDecision {
  const parsed = externalLoanSchema.safeParse(loan);
  const errors: FieldErrors = { ...fieldErrorsOf(parsed, 'loan'), ...providerErrors(providers.map((p) => p.provider_id)) };
  if (!parsed.success || hasErrors(errors)) return invalid(errors);
  return { ok: true, loan: parsed.data };
}
const isDecision = (value: { ok: true; loan: ExternalLoan } | ExternalDealDecision): value is ExternalDealDecision => !('loan' in value);

function record(command: RecordExternalDeal, state: ExternalDealState): ExternalDealDecision {
  const { external_deal_id, customer_id, new_customer, providers } = command.data;
  const check = checked(command.data.loan, providers);
  if (isDecision(check)) return check;
  if (state.status !== 'absent') {
    // A retried create (the same request again) is done already; anything else is another deal under this id.
    const { deal } = state;
    const retried = deal.customer_id === customer_id && same(deal.loan, check.loan) && same(deal.providers, providers);
    return retried ? accept() : refuse(externalDealErrors.alreadyExists, 'This external deal already exists.');
  }
  const { actor, now } = command.metadata;
  return accept({
    type: 'ExternalDealRecorded',
    data: { external_deal_id, customer_id, new_customer, loan: check.loan, providers: [...providers], recorded_by: actor.user_id, recorded_at: now },
  });
}

function update(command: UpdateExternalDeal, state: ExternalDealState): ExternalDealDecision {
  if (state.status === 'absent' || state.deal.external_deal_id !== command.data.external_deal_id) return refuse(externalDealErrors.notFound, 'External deal not found.');
  const { providers } = command.data;
  const check = checked(command.data.loan, providers);
  if (isDecision(check)) return check;
  const { deal } = state;
  const kept = new Set(providers.map((p) => p.provider_id));
  if (deal.providers.some((p) => !kept.has(p.provider_id))) return invalid({ fsp_user_uuids: [externalDealMessages.providerRemoved] });
  const known = new Set(deal.providers.map((p) => p.provider_id));
  const added_providers = providers.filter((p) => !known.has(p.provider_id));
  if (added_providers.length === 0 && same(deal.loan, check.loan)) return accept();
  const { actor, now } = command.metadata;
  return accept({
    type: 'ExternalDealUpdated',
    data: { external_deal_id: deal.external_deal_id, customer_id: deal.customer_id, loan: check.loan, added_providers, updated_by: actor.user_id, updated_at: now },
  });
}

function decide(command: ExternalDealCommand, state: ExternalDealState): ExternalDealDecision {
  // spec 1 §1: admins record external deals.
  if (!command.metadata.actor.admin) return refuse(externalDealErrors.notAllowed, 'Only an admin can record an external deal.');
  switch (command.type) {
    case 'RecordExternalDeal':
      return record(command, state);
    case 'UpdateExternalDeal':
      return update(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: ExternalDealState, event: ExternalDealEvent): ExternalDealState {
  switch (event.type) {
    case 'ExternalDealRecorded': {
      const { external_deal_id, customer_id, loan, providers } = event.data;
      return { status: 'recorded', deal: { external_deal_id, customer_id, loan, providers } };
    }
    case 'ExternalDealUpdated':
      if (state.status === 'absent') return state;
      return { status: 'recorded', deal: { ...state.deal, loan: event.data.loan, providers: [...state.deal.providers, ...event.data.added_providers] } };
    default:
      return assertNever(event);
  }
}

export const externalDealDecider: Decider<ExternalDealState, ExternalDealCommand, ExternalDealEvent> & {
  decide: (command: ExternalDealCommand, state: ExternalDealState) => ExternalDealDecision;
} = { initialState, decide, evolve };
