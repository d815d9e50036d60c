import { Group, Stack, Table, Text } from '@mantine/core';
import type { OrganisationView } from '../../../../domain/organisation/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { AnchorLink } from '../../../components/router-link';
import { SortableTh } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import type { OrganisationSortField } from '../api/list-organisations';
import { organisationCategoryLabels, organisationTypeLabels } from '../organisation-labels';
import { OrganisationLogo } from './organisation-logo';
import { OrganisationRowActions } from './organisation-row-actions';
import { OrganisationStatusBadge } from './organisation-status-badge';

type Props = {
  organisations: readonly OrganisationView[];
  sort: OrganisationSortField;
  direction: 'asc' | 'desc';
  onSort: (field: OrganisationSortField) => void;
  deletingUuid: string | undefined;
  onDelete: (organisation: OrganisationView) => void;
};

const sortableColumns: readonly { field: OrganisationSortField; label: string }[] = [
  { field: 'organisation_type', label: 'Organisation type' },
  { field: 'category', label: 'Category' },
  { field: 'status', label: 'Status' },
  { field: 'created_at', label: 'Created at' },
];

export function OrganisationsTable({ organisations, sort, direction, onSort, deletingUuid, onDelete }: Props) {
  const directionOf = (field: OrganisationSortField) => (sort === field ? direction : undefined);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Name" direction={directionOf('name')} onSort={() => onSort('name')} />
            {sortableColumns.map(({ field, label }) => (
              <SortableTh key={field} label={label} direction={directionOf(field)} onSort={() => onSort(field)} />
            ))}
            <ActionsTh w={120} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organisations.map((organisation) => (
            <Table.Tr key={organisation.uuid} data-testid="organisation-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <OrganisationLogo organisation={organisation} size={36} />
                  <Stack gap={0}>
                    <AnchorLink to="/organisation/$uuid" params={{ uuid: organisation.uuid }} fw={500} size="sm">
                      {organisation.name}
                    </AnchorLink>
                    {organisation.abbreviation && (
                      <Text size="xs" c="dimmed">
                        {organisation.abbreviation}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>{organisationTypeLabels[organisation.organisation_type]}</Table.Td>
              <Table.Td>{organisation.category ? organisationCategoryLabels[organisation.category] : <Text c="dimmed" size="sm">—</Text>}</Table.Td>
              <Table.Td>
                <OrganisationStatusBadge status={organisation.status} />
              </Table.Td>
              <Table.Td>{formatDate(organisation.created_at)}</Table.Td>
              <Table.Td>
                <OrganisationRowActions
                  uuid={organisation.uuid}
                  name={organisation.name}
                  deleting={deletingUuid === organisation.uuid}
                  onDelete={() => onDelete(organisation)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
