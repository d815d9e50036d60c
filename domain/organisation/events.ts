import type { OrganisationCategory, OrganisationStatus, OrganisationType } from './schemas';

export type OrganisationDetails = {
  name: string;
  abbreviation: string | null;
  organisation_type: OrganisationType;
  category: OrganisationCategory | null;
  status: OrganisationStatus;
  /** The uploaded logo (see the files table), or none. */
  logo_file_id: string | null;
};

export type OrganisationCreated = {
  type: 'OrganisationCreated';
  data: { organisation_id: string; product_id: string } & OrganisationDetails;
};

/** Only the fields that changed. */
export type OrganisationDetailsChanged = {
  type: 'OrganisationDetailsChanged';
  data: { organisation_id: string; changes: Partial<OrganisationDetails> };
};

export type OrganisationRemoved = {
  type: 'OrganisationRemoved';
  data: { organisation_id: string };
};

/** The whole list after the change: the brokers that may bid for this financial institution (spec 3 §2, §3). */
export type OrganisationAllowedBiddersChanged = {
  type: 'OrganisationAllowedBiddersChanged';
  data: { organisation_id: string; allowed_bidders: string[] };
};

export type OrganisationEvent = OrganisationCreated | OrganisationDetailsChanged | OrganisationRemoved | OrganisationAllowedBiddersChanged;

export const organisationEventTypes = [
  'OrganisationCreated',
  'OrganisationDetailsChanged',
  'OrganisationRemoved',
  'OrganisationAllowedBiddersChanged',
] as const;

export const organisationStream = (organisationId: string) => `organisation-${organisationId}`;
