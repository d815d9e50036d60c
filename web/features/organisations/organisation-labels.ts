import type { OrganisationStatus } from '../../../domain/organisation/schemas';

export { organisationCategoryLabels, organisationTypeLabels } from '../../../domain/organisation/schemas';

export const organisationStatusLabels: Record<OrganisationStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};
