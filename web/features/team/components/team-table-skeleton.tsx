import { Group, Skeleton, Stack } from '@mantine/core';

/** Shown while the team loads. */
export function TeamTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading the team">
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton h={12} flex={2} />
          <Skeleton h={12} flex={2} />
          <Skeleton h={12} w={70} />
          <Skeleton h={12} w={80} />
        </Group>
      ))}
    </Stack>
  );
}
