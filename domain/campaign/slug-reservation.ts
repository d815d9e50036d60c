import { accept, type Decider, type Decision, reject } from '../shared/decider';
import { campaignMessages } from './schemas';

// One campaign per slug (spec 3 §3; docs/campaigns.md "Slugs"): a stream per slug, `campaign_slug-<slug>`, records
// which campaign holds it. A campaign reserves its slug before its own stream records it, and releases it when it
// takes another slug or is removed. Two admins creating the same slug at once meet at the reservation's expected
// revision: one holds it, the other is refused.
//
// A reservation whose campaign never recorded the slug (the process stopped between the two appends) would block the
// slug for ever; the caller names such a holder as `lapsed_holder` and it may be replaced, but only once it is older
// than `reservationGraceMs`, so a creation still in flight between its two appends is never overtaken.

export const reservationGraceMs = 60_000;

export type SlugReservationState = { holder: string | null; reserved_at: string | null };
export type CampaignSlugReserved = { type: 'CampaignSlugReserved'; data: { slug: string; campaign_id: string; reserved_at: string } };
export type CampaignSlugReleased = { type: 'CampaignSlugReleased'; data: { slug: string; campaign_id: string } };
export type SlugReservationEvent = CampaignSlugReserved | CampaignSlugReleased;

export type ReserveCampaignSlug = {
  type: 'ReserveCampaignSlug';
  /** `lapsed_holder`: the holder the caller found not holding the slug in its own stream (or none). */
  data: { slug: string; campaign_id: string; now: string; lapsed_holder: string | null };
};
export type ReleaseCampaignSlug = { type: 'ReleaseCampaignSlug'; data: { slug: string; campaign_id: string } };
export type SlugReservationCommand = ReserveCampaignSlug | ReleaseCampaignSlug;

export const slugTakenError = 'CAMPAIGN_SLUG_TAKEN';

function decide(command: SlugReservationCommand, state: SlugReservationState): Decision<SlugReservationEvent> {
  const { slug, campaign_id } = command.data;
  if (command.type === 'ReleaseCampaignSlug') {
    return state.holder === campaign_id ? accept({ type: 'CampaignSlugReleased', data: { slug, campaign_id } }) : accept();
  }
  if (state.holder === campaign_id) return accept();
  if (state.holder !== null) {
    const lapsed =
      state.holder === command.data.lapsed_holder && state.reserved_at !== null && Date.parse(command.data.now) - Date.parse(state.reserved_at) > reservationGraceMs;
    if (!lapsed) return reject(slugTakenError, campaignMessages.slugTaken);
  }
  return accept({ type: 'CampaignSlugReserved', data: { slug, campaign_id, reserved_at: command.data.now } });
}

function evolve(_state: SlugReservationState, event: SlugReservationEvent): SlugReservationState {
  return event.type === 'CampaignSlugReserved' ? { holder: event.data.campaign_id, reserved_at: event.data.reserved_at } : { holder: null, reserved_at: null };
}

export const slugReservationDecider: Decider<SlugReservationState, SlugReservationCommand, SlugReservationEvent> = {
  initialState: () => ({ holder: null, reserved_at: null }),
  decide,
  evolve,
};

export const campaignSlugStream = (slug: string) => `campaign_slug-${slug}`;
