import type { OrganisationDetails } from './events';
import type { OrganisationType } from './schemas';

/**
 * An organisation named as an allowed bidder, with its type as the read model knows it (null: no such organisation).
 * The API looks the names up, so the decider can judge them without I/O.
 */
export type BidderCandidate = { uuid: string; organisation_type: OrganisationType | null };

export type CreateOrganisation = {
  type: 'CreateOrganisation';
  data: { organisation_id: string; product_id: string; allowed_bidders?: BidderCandidate[] } & OrganisationDetails;
};

/** `allowed_bidders` left out keeps the list. */
export type ChangeOrganisationDetails = {
  type: 'ChangeOrganisationDetails';
  data: { organisation_id: string; changes: Partial<OrganisationDetails>; allowed_bidders?: BidderCandidate[] };
};

export type RemoveOrganisation = {
  type: 'RemoveOrganisation';
  data: { organisation_id: string };
};

export type OrganisationCommand = CreateOrganisation | ChangeOrganisationDetails | RemoveOrganisation;
