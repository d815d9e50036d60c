import type { ExternalDealView } from '../../contracts/external-deal';
import { externalDealErrors } from '../../domain/external-deal/decider';
import type { ExternalDealProvider } from '../../domain/external-deal/events';
import type { FieldErrors } from '../../domain/external-deal/schemas';
import type { Position } from '../../infrastructure/event-store/event-store';
import { derivedUuid } from '../../infrastructure/ids';
import { dealIdOf } from '../../projections/deals/deal-opener';
import { findDeal } from '../../projections/deals/queries';
import type { ExternalDealRow } from '../../projections/external-deals/external-deals';
import { findExternalDeal } from '../../projections/external-deals/queries';
import { findUser } from '../../projections/users/queries';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels, READ_MODEL_WAIT_MS } from '../read-models';
import type { Refusal } from '../refusals';

// What recording and updating an external deal share (docs/external-deals.md): the providers' deals, the answer
// once readable, the edit form's view.

export const externalDealNotFound: Refusal = { code: externalDealErrors.notFound, message: 'External deal not found.' };

export const EXTERNAL_DEAL_READ_MODELS = ['external-deals', 'external-deal-opener', 'deals', 'users'];

/** Each provider's external bid and deal ids derive from the external deal's id: a retry names the same ones. */
export const externalBidIdOf = (externalDealId: string, providerId: string) => derivedUuid('external_bid', externalDealId, providerId);

/** Recorded; `view` undefined when the read model lagged past the bounded wait (a busy machine): read it later. */
export type ExternalDealWritten = { ok: true; externalDealId: string; view: ExternalDealView | undefined; position: Position | null } | { ok: false; error: Refusal };

/** The chosen providers as the deal records them, or the field errors (not a provider, no organisation). */
export async function providersOf(db: WorkflowDependencies['db'], externalDealId: string, uuids: readonly string[]): Promise<{ ok: true; providers: ExternalDealProvider[] } | { ok: false; errors: FieldErrors }> {
  const users = await Promise.all(uuids.map((uuid) => findUser(db, uuid)));
  const providers: ExternalDealProvider[] = [];
  for (const [index, user] of users.entries()) {
    if (!user || user.user_type !== 'fsp' || !user.organisation_uuid) return { ok: false, errors: { [`fsp_user_uuids.${index}`]: ['Choose a provider of an organisation'] } };
    const bid_id = externalBidIdOf(externalDealId, user.uuid);
    providers.push({ provider_id: user.uuid, organisation_id: user.organisation_uuid, bid_id, deal_id: dealIdOf(bid_id) });
  }
  return { ok: true, providers };
}

/** The edit form's view: the customer, the providers with their deals, the loan. */
export async function externalDealViewOf(db: WorkflowDependencies['db'], row: ExternalDealRow): Promise<ExternalDealView> {
  const [customer, ...providers] = await Promise.all([findUser(db, row.customer_id), ...row.providers.map((p) => findUser(db, p.provider_id))]);
  return {
    uuid: row.uuid,
    origin: 'external',
    customer: {
      uuid: row.customer_id,
      first_name: customer?.first_name ?? null,
      last_name: customer?.last_name ?? null,
      email: customer?.email ?? null,
      country_code: customer?.country_code ?? null,
      mobile_number: customer?.mobile_number ?? null,
    },
    new_customer: row.new_customer,
    fsp_user_uuids: row.providers.map((p) => p.provider_id),
    providers: row.providers.map((p, index) => ({
      uuid: p.provider_id,
      first_name: providers[index]?.first_name ?? null,
      last_name: providers[index]?.last_name ?? null,
      email: providers[index]?.email ?? null,
      organisation_uuid: p.organisation_id,
      bid_id: p.bid_id,
      deal_id: p.deal_id,
    })),
    loan: { loan_type: row.loan_type, loan_purpose: row.loan_purpose, loan_amount: row.loan_amount, property_market_value: row.property_market_value },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The external deal once its read model, its deals and its customer are readable (bounded wait). */
export async function externalDealWritten(db: WorkflowDependencies['db'], externalDealId: string, position: Position | null): Promise<ExternalDealWritten> {
  const deadline = Date.now() + READ_MODEL_WAIT_MS;
  await awaitReadModels(db, EXTERNAL_DEAL_READ_MODELS, position);
  const row = await findExternalDeal(db, externalDealId);
  // The deals are opened by the reactor after this position: wait (bounded) until the board has them all.
  while (row && Date.now() < deadline && (await Promise.all(row.providers.map((p) => findDeal(db, p.deal_id)))).some((deal) => !deal)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ok: true, externalDealId, view: row ? await externalDealViewOf(db, row) : undefined, position };
}
