import type { ExternalDealProvider } from './events';

// Commands of the external deal aggregate. Ids come in the command (the API derives each provider's bid and deal
// ids from the external deal's id, so a retry names the same ones); the acting user and the time in `metadata`.

export type ExternalDealActor = { user_id: string; admin: boolean };
export type ExternalDealCommandMetadata = { actor: ExternalDealActor; now: string };

/** `loan` is raw input, validated by the decider (422 field errors). */
export type RecordExternalDeal = {
  type: 'RecordExternalDeal';
  data: { external_deal_id: string; customer_id: string; new_customer: boolean; loan: unknown; providers: ExternalDealProvider[] };
  metadata: ExternalDealCommandMetadata;
};
/** `providers`: every provider after the change (the ones already there, and any added). */
export type UpdateExternalDeal = {
  type: 'UpdateExternalDeal';
  data: { external_deal_id: string; loan: unknown; providers: ExternalDealProvider[] };
  metadata: ExternalDealCommandMetadata;
};

export type ExternalDealCommand = RecordExternalDeal | UpdateExternalDeal;
