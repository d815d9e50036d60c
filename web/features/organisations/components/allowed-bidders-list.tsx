import { Paper, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/router-link';
import { useOrganisationNames } from '../api/organisation-names';

/** The brokers that may bid for this financial institution's posts (spec 3 §3 allowed_bidders), each a link. */
export function AllowedBiddersList({ uuids, empty = 'No brokers are allowed to bid yet.' }: { uuids: readonly string[]; /** What an empty list says. */ empty?: string }) {
  const names = useOrganisationNames(uuids);
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Allowed bidders
        </Title>
        {names.length === 0 ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Allowed bidders">
            {names.map(({ uuid, name, missing }) => (
              <li key={uuid}>
                {missing ? (
                  <Text size="sm" c="dimmed">
                    Removed organisation
                  </Text>
                ) : (
                  <AnchorLink to="/organisation/$uuid" params={{ uuid }} size="sm">
                    {name ?? '…'}
                  </AnchorLink>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
