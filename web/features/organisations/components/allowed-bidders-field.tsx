import { Button, Group, Input, Pill, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsersPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useOrganisationNames } from '../api/organisation-names';
import { ChooseBrokersModal } from './choose-brokers-modal';

type Props = {
  value: readonly string[];
  onChange: (uuids: string[]) => void;
  organisationUuid: string | undefined;
  error: ReactNode;
  /** What the chosen brokers may do (the organisation's list by default). */
  description?: string;
};

/** The brokers allowed to bid for this financial institution: chips, and a modal to choose them (spec 3 §2). */
export function AllowedBiddersField({ value, onChange, organisationUuid, error, description = "The brokers that may bid for this lender's posts." }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const names = useOrganisationNames(value);

  return (
    <Input.Wrapper
      label="Allowed bidders"
      description={description}
      error={error}
    >
      <Group gap="xs" mt={6} wrap="wrap">
        {names.length === 0 ? (
          <Text size="sm" c="dimmed">
            No brokers chosen.
          </Text>
        ) : (
          <Pill.Group aria-label="Chosen brokers">
            {names.map(({ uuid, name, missing }) => (
              <Pill
                key={uuid}
                size="md"
                withRemoveButton
                onRemove={() => onChange(value.filter((chosen) => chosen !== uuid))}
                // Mantine hides the remove button from keyboards (PillsInput handles keys there); here it is the only way.
                removeButtonProps={{ 'aria-label': `Remove ${name ?? 'broker'}`, 'aria-hidden': false, tabIndex: 0 }}
              >
                {name ?? (missing ? 'Removed organisation' : '…')}
              </Pill>
            ))}
          </Pill.Group>
        )}
        <Button variant="light" size="xs" leftSection={<IconUsersPlus size={16} />} onClick={open}>
          Choose brokers
        </Button>
      </Group>
      <ChooseBrokersModal
        opened={opened}
        value={value}
        organisationUuid={organisationUuid}
        onClose={close}
        onDone={(uuids) => {
          onChange(uuids);
          close();
        }}
      />
    </Input.Wrapper>
  );
}
