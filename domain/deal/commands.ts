import type { ContactPreference, DealActivityChanges, DealActivityInput } from './schemas';

// Commands of the deal aggregate. Ids come in the command (the reactor derives the deal's and the first activity's
// from the bid; the API makes the others); the acting user and the time come in `metadata`.

/** Who acts: the deal's provider, or an admin (spec 1 §2: a provider sees deal details only for its own bids). */
export type DealActor = { user_id: string; admin: boolean };
/** `now`: an ISO instant; it stamps the activity and gives the current year for the date rule. */
export type DealCommandMetadata = { actor: DealActor; now: string };

/** From the post's accepted bid (spec 1 §4); `activity_date` defaults to the day of `now` in Sydney. */
export type OpenDeal = {
  type: 'OpenDeal';
  data: {
    deal_id: string;
    bid_id: string;
    post_id: string;
    provider_id: string;
    organisation_id: string;
    customer_id: string;
    loan_amount: number;
    contact_preference: ContactPreference;
    external: boolean;
    activity_id: string;
  };
  metadata: DealCommandMetadata;
};
/** `activity` is raw input, validated by the decider against the deal's schema (422 field errors). */
export type AddActivity = { type: 'AddActivity'; data: { deal_id: string; activity_id: string; activity: DealActivityInput | Record<string, unknown> }; metadata: DealCommandMetadata };
export type EditActivity = { type: 'EditActivity'; data: { deal_id: string; activity_id: string; changes: DealActivityChanges | Record<string, unknown> }; metadata: DealCommandMetadata };
export type DeleteActivity = { type: 'DeleteActivity'; data: { deal_id: string; activity_id: string }; metadata: DealCommandMetadata };

/** The customer (or an admin) changes when to be contacted (spec 3 §7 contact_preferences); null: back to the defaults. */
export type ChangeContactPreference = {
  type: 'ChangeContactPreference';
  data: { deal_id: string; contact_preference: ContactPreference | Record<string, unknown> | null };
  metadata: DealCommandMetadata;
};

export type DealCommand = OpenDeal | AddActivity | EditActivity | DeleteActivity | ChangeContactPreference;
