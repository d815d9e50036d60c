import { Badge } from '@mantine/core';
import type { OrganisationStatus } from '../../../../domain/organisation/schemas';
import { organisationStatusLabels } from '../organisation-labels';

export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light" radius="sm">
      {organisationStatusLabels[status]}
    </Badge>
  );
}
