import { Group, Skeleton, Stack } from '@mantine/core';

/** Shown while the first page of organisations loads. */
export function OrganisationsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading organisations">
      <Skeleton h={14} w="60%" />
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton h={36} w={36} radius="sm" />
          <Skeleton h={12} flex={2} />
          <Skeleton h={12} flex={1} />
          <Skeleton h={12} flex={1} />
          <Skeleton h={12} w={60} />
          <Skeleton h={12} w={80} />
        </Group>
      ))}
    </Stack>
  );
}
