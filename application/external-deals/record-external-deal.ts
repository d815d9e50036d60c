import type { ExternalDealCommand } from '../../domain/external-deal/commands';
import { externalDealDecider } from '../../domain/external-deal/decider';
import { externalDealStream } from '../../domain/external-deal/events';
import type { ExternalDealForm, FieldErrors, NewExternalCustomer } from '../../domain/external-deal/schemas';
import { userDecider } from '../../domain/user/decider';
import { emailTakenMessage } from '../../domain/user/email-reservation';
import { userStream } from '../../domain/user/events';
import { type CommandContext, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { derivedUuid } from '../../infrastructure/ids';
import { findUser } from '../../projections/users/queries';
import { type ActorRequest, adminFlagMetadata, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { invalidFields } from '../refusals';
import { reserveEmail } from '../users/email-reservations';
import { type ExternalDealWritten, externalDealWritten, providersOf } from './external-deals';

// Recording an external deal (spec 1 §2 "/external-deal/{mode}/{uuid}", §5, §8; spec 3 §2, §5, §7, §9): an admin
// records a deal made outside the auction: a customer (chosen, or created with origin external and country code
// 61), one or more providers and the loan. The external deal's stream is the post of origin external; the
// external-deal reactor opens one deal per provider with the activity external_created. docs/external-deals.md.

type Deps = Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock' | 'secrets'>;

/** A customer created with an external deal: its id derives from the external deal's id, so a retry names the same one. */
export const externalCustomerIdOf = (externalDealId: string) => derivedUuid('external_customer', externalDealId);

/** The customer created with the deal: e-mail reserved, then the user stream, each step repeatable. */
async function createCustomer(deps: Deps, customerId: string, customer: NewExternalCustomer, context: CommandContext): Promise<{ ok: true; position: Position | null } | { ok: false; errors: FieldErrors }> {
  const { store, ids } = deps;
  if (!(await reserveEmail(deps, customer.email, customerId, context))) return { ok: false, errors: { 'customer.email': [emailTakenMessage] } };
  const existing = await loadState(store, userStream(customerId), userDecider);
  if (existing.state.stage !== 'absent') return { ok: true, position: null }; // created by an earlier try
  const personal = { first_name: customer.first_name, last_name: customer.last_name, email: customer.email, country_code: '61', mobile_number: customer.mobile_number };
  // No password and no mail (docs/external-deals.md): the customer may set a password through recover-password.
  const created = await handleCommand({
    store,
    ids,
    streamId: userStream(customerId),
    decider: userDecider,
    command: { type: 'CreateCustomer', data: { user_id: customerId, personal, password_hash: null, status: 'active', origin: 'external' } },
    context,
  });
  if (!created.ok) throw new Error(`Creating an external customer failed: ${created.error.code}`);
  return { ok: true, position: created.position };
}

export async function recordExternalDeal(deps: Deps, input: ActorRequest & { form: ExternalDealForm }): Promise<ExternalDealWritten> {
  const { db, store, ids, clock } = deps;
  const { form } = input;
  const externalDealId = form.uuid ?? ids.uuid();
  const now = clock.now();
  const context = contextOf(input, now);

  // Every check before the first write, so a refused request writes nothing.
  const errors: FieldErrors = {};
  if (form.customer_uuid) {
    const customer = await findUser(db, form.customer_uuid);
    if (!customer || customer.user_type !== 'customer') errors.customer_uuid = ['Choose a customer of the marketplace'];
  }
  const chosen = await providersOf(db, externalDealId, form.fsp_user_uuids);
  if (!chosen.ok) Object.assign(errors, chosen.errors);
  if (Object.keys(errors).length > 0 || !chosen.ok) return { ok: false, error: invalidFields(errors) };
  const customerId = form.customer_uuid ?? externalCustomerIdOf(externalDealId);
  const command: ExternalDealCommand = {
    type: 'RecordExternalDeal',
    data: { external_deal_id: externalDealId, customer_id: customerId, new_customer: !form.customer_uuid, loan: form.loan, providers: chosen.providers },
    metadata: adminFlagMetadata(input.actor, now),
  };
  const current = await loadState(store, externalDealStream(externalDealId), externalDealDecider);
  const dryRun = externalDealDecider.decide(command, current.state);
  if (!dryRun.ok) return { ok: false, error: dryRun.error };

  // The steps, each repeatable: a retry with the same uuid completes what a failed try left (docs/external-deals.md).
  if (form.customer) {
    const created = await createCustomer(deps, customerId, form.customer, context);
    if (!created.ok) return { ok: false, error: invalidFields(created.errors) };
  }
  const result = await handleCommand({ store, ids, streamId: externalDealStream(externalDealId), decider: externalDealDecider, command, context });
  if (!result.ok) return { ok: false, error: result.error };
  return externalDealWritten(db, externalDealId, result.position);
}
