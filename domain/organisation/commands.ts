import type { OrganisationDetails } from './events';

export type CreateOrganisation = {
  type: 'CreateOrganisation';
  data: { organisation_id: string; product_id: string } & OrganisationDetails;
};

export type ChangeOrganisationDetails = {
  type: 'ChangeOrganisationDetails';
  data: { organisation_id: string; changes: Partial<OrganisationDetails> };
};

export type RemoveOrganisation = {
  type: 'RemoveOrganisation';
  data: { organisation_id: string };
};

export type OrganisationCommand = CreateOrganisation | ChangeOrganisationDetails | RemoveOrganisation;
