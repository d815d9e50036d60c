import { Group, Skeleton, type SkeletonProps, Stack } from '@mantine/core';

type Props = {
  /** Said to assistive technology ("Loading users"). */
  label: string;
  rows: number;
  /** One placeholder a column, as wide as the column it stands for (`{ h: 12, flex: 2 }`, `{ h: 32, w: 32, circle: true }`). */
  columns: readonly SkeletonProps[];
  /** A wider line above the rows, where the table has a line of filters or a heading. */
  withHeading?: boolean;
};

/** Shown in place of a table while its first page loads. */
export function TableSkeleton({ label, rows, columns, withHeading = false }: Props) {
  return (
    <Stack gap="md" p="md" role="status" aria-busy="true" aria-label={label}>
      {withHeading && <Skeleton h={14} w="60%" />}
      {Array.from({ length: rows }, (_, row) => (
        <Group key={row} gap="md" wrap="nowrap">
          {columns.map((column, index) => (
            <Skeleton key={index} {...column} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}
