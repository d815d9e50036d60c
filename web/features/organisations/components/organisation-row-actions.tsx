import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { ActionIconLink } from '../../../components/router-link';

type Props = { uuid: string; name: string; deleting: boolean; onDelete: () => void };

export function OrganisationRowActions({ uuid, name, deleting, onDelete }: Props) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="View" withArrow>
        <ActionIconLink to="/organisation/$uuid" params={{ uuid }} variant="subtle" color="gray" aria-label={`View ${name}`}>
          <IconEye />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Edit" withArrow>
        <ActionIconLink to="/organisation/$uuid/edit" params={{ uuid }} variant="subtle" color="gray" aria-label={`Edit ${name}`}>
          <IconPencil />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} loading={deleting} aria-label={`Delete ${name}`}>
          <IconTrash />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
