import { Table, Text } from '@mantine/core';

/** The header of a table's last column, whose buttons sit on the right. */
export function ActionsTh({ w, label = 'Actions' }: { w: number; label?: string }) {
  return (
    <Table.Th w={w}>
      <Text fw={600} size="sm" ta="right" c="dimmed">
        {label}
      </Text>
    </Table.Th>
  );
}
