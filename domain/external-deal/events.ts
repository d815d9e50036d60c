import type { ExternalLoan } from './schemas';

// The external deal aggregate (spec 1 §2 "/external-deal/{mode}/{uuid}", §3 post and bid origin external, §5),
// stream `external_deal-<uuid>`. It is the post of origin external: its id is the post id of its deals. Each
// provider has an external bid id and a deal id derived from the external deal's id (given in the command), and the
// external-deal reactor opens each deal with the activity external_created. Ids and amounts only: the customer's
// personal data lives in the customer's own user events (encrypted there). docs/external-deals.md.

/** A provider of the deal: its external bid and the deal that bid becomes (one provider, one bid, one deal). */
export type ExternalDealProvider = { provider_id: string; organisation_id: string; bid_id: string; deal_id: string };

/** `POST /v1/external_deals`: an admin recorded a deal made outside the auction. */
export type ExternalDealRecorded = {
  type: 'ExternalDealRecorded';
  data: {
    external_deal_id: string;
    customer_id: string;
    /** The customer was created with the deal (origin external, country code 61). */
    new_customer: boolean;
    loan: ExternalLoan;
    providers: ExternalDealProvider[];
    recorded_by: string;
    recorded_at: string;
  };
};

/** `PATCH /v1/external_deals/{id}`: the loan after the change and the providers added (providers are never removed). */
export type ExternalDealUpdated = {
  type: 'ExternalDealUpdated';
  data: {
    external_deal_id: string;
    customer_id: string;
    loan: ExternalLoan;
    added_providers: ExternalDealProvider[];
    updated_by: string;
    updated_at: string;
  };
};

export type ExternalDealEvent = ExternalDealRecorded | ExternalDealUpdated;

export const externalDealEventTypes = ['ExternalDealRecorded', 'ExternalDealUpdated'] as const satisfies readonly ExternalDealEvent['type'][];

export const externalDealStream = (externalDealId: string) => `external_deal-${externalDealId}`;
