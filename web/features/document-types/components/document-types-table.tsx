import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DocumentTypeView } from '../../../../contracts/document-type';
import { ActionsTh } from '../../../components/actions-th';
import { formatDate } from '../../../lib/format';

type Props = { types: readonly DocumentTypeView[]; deletingUuid: string | undefined; onEdit: (type: DocumentTypeView) => void; onDelete: (type: DocumentTypeView) => void };

/** One page of document types, by name. */
export function DocumentTypesTable({ types, deletingUuid, onEdit, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={140}>Updated at</Table.Th>
            <ActionsTh w={110} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map((type) => (
            <Table.Tr key={type.uuid}>
              <Table.Td>
                <Text size="sm">{type.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(type.updated_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Rename" withArrow>
                    <ActionIcon variant="subtle" aria-label={`Rename ${type.name}`} onClick={() => onEdit(type)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${type.name}`} loading={deletingUuid === type.uuid} onClick={() => onDelete(type)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
