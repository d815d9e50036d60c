import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { organisationFilter, type OrganisationView } from '../../../../domain/organisation/schemas';
import { BROKER_PAGE, useBrokers } from '../api/list-brokers';
import { organisationKeys } from '../api/organisation-keys';

type Props = {
  opened: boolean;
  /** The brokers chosen so far. */
  value: readonly string[];
  /** The organisation being edited: never offered as its own bidder. */
  organisationUuid: string | undefined;
  onClose: () => void;
  onDone: (uuids: string[]) => void;
};

/** spec 3 §2: "a modal for choosing allowed bidders from a broker list": searchable, with checkboxes. */
export function ChooseBrokersModal({ opened, ...rest }: Props) {
  return (
    <Modal opened={opened} onClose={rest.onClose} title="Choose allowed bidders" size={580}>
      {/* Mounted only while open, so each opening starts from the form's current choice. */}
      {opened && <BrokerChoice {...rest} />}
    </Modal>
  );
}

function BrokerChoice({ value, organisationUuid, onClose, onDone }: Omit<Props, 'opened'>) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([...value]);
  const [search, setSearch] = useState('');
  // spec 2 §7: server-side searches wait 400 ms after the last key.
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const check = organisationFilter.shape.name.safeParse(search);
  const validSearch = organisationFilter.shape.name.safeParse(debounced).success ? debounced : '';
  const { data, isPending, isError, isFetching } = useBrokers(validSearch, true);
  const brokers = (data?.result ?? []).filter((broker) => broker.uuid !== organisationUuid);

  function done() {
    // The chips show the chosen brokers by name: seed their detail queries from this list instead of fetching each.
    for (const broker of data?.result ?? []) {
      if (chosen.includes(broker.uuid)) queryClient.setQueryData<OrganisationView>(organisationKeys.detail(broker.uuid), (current) => current ?? broker);
    }
    onDone(chosen);
  }

  return (
    <Stack gap="md">
      <TextInput
        aria-label="Search brokers"
        placeholder="Search brokers by name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        error={check.success ? undefined : check.error.issues[0]?.message}
        data-autofocus
      />
      {isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          The brokers could not be loaded. Please try again in a moment.
        </Alert>
      ) : isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading brokers">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h={20} />
          ))}
        </Stack>
      ) : brokers.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {validSearch ? 'No brokers match this search.' : 'There are no brokers yet. Create a broker organisation first.'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={340} type="auto" opacity={isFetching ? 0.6 : 1}>
          <Checkbox.Group value={chosen} onChange={setChosen} aria-label="Brokers">
            <Stack gap="sm" py={4}>
              {brokers.map((broker) => (
                <Checkbox
                  key={broker.uuid}
                  value={broker.uuid}
                  label={broker.name}
                  description={broker.abbreviation ?? undefined}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
      {data && data.total_records > BROKER_PAGE && (
        <Text size="xs" c="dimmed">
          Showing the first {BROKER_PAGE} of {data.total_records} brokers. Search by name to find the others.
        </Text>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {chosen.length === 1 ? '1 broker chosen' : `${chosen.length} brokers chosen`}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={done}>Done</Button>
        </Group>
      </Group>
    </Stack>
  );
}
