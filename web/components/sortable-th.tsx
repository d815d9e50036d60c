import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

type Props = {
  label: string;
  /** The direction when this column is the sort column, otherwise undefined. */
  direction: 'asc' | 'desc' | undefined;
  onSort: () => void;
};

/** A table header that sorts the server-paged list by its column. */
export function SortableTh({ label, direction, onSort }: Props) {
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={onSort} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm" c={direction ? undefined : 'dimmed'}>
            {label}
          </Text>
          <Icon size={14} color={direction ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
