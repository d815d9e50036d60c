import { Alert, Box, LoadingOverlay, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFooter } from '../../../components/list-footer';
import { AnchorLink } from '../../../components/router-link';
import { UserStatusBadge } from '../../../components/user-status-badge';
import { formatDate } from '../../../lib/format';
import { PROVIDERS_PAGE, useOrganisationProviders } from '../api/list-organisation-providers';

/** The providers whose organisation this is (spec 3 §7 `GET /v1/organisations/{id}/fsps`), each linking to the user. */
export function OrganisationProviders({ organisationUuid }: { organisationUuid: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching } = useOrganisationProviders(organisationUuid, page);

  return (
    <Paper>
      <Box p="md" pb="sm">
        <Title order={3} size="h5">
          Providers
        </Title>
      </Box>
      {isError ? (
        <Alert m="md" mt={0} color="red" icon={<IconAlertCircle />}>
          The providers could not be loaded. Please try again in a moment.
        </Alert>
      ) : isPending ? (
        <Stack gap="sm" p="md" pt={0} role="status" aria-busy="true" aria-label="Loading providers">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h={14} />
          ))}
        </Stack>
      ) : data.total_records === 0 ? (
        <Text c="dimmed" size="sm" p="md" pt={0}>
          No providers belong to this organisation yet.
        </Text>
      ) : (
        <>
          <Box pos="relative">
            <LoadingOverlay visible={isFetching} loaderProps={{ size: 'sm' }} overlayProps={{ blur: 1 }} zIndex={5} />
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Providers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Joined</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.result.map((provider) => (
                    <Table.Tr key={provider.uuid} data-testid="provider-row">
                      <Table.Td>
                        <AnchorLink to="/user/$uuid" params={{ uuid: provider.uuid }} size="sm" fw={500}>
                          {provider.full_name ?? 'Name erased'}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>{provider.email ?? '—'}</Table.Td>
                      <Table.Td>
                        <UserStatusBadge status={provider.status} />
                      </Table.Td>
                      <Table.Td>{formatDate(provider.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
          <ListFooter total={data.total_records} page={page} count={PROVIDERS_PAGE} shown={data.result.length} noun="provider" onPage={setPage} />
        </>
      )}
    </Paper>
  );
}
