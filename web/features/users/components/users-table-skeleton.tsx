import { Group, Skeleton, Stack } from '@mantine/core';

/** Shown while a users list loads. */
export function UsersTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading users">
      <Skeleton h={14} w="60%" />
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton h={32} w={32} circle />
          <Skeleton h={12} flex={2} />
          <Skeleton h={12} flex={2} />
          <Skeleton h={12} flex={1} />
          <Skeleton h={12} w={70} />
          <Skeleton h={12} w={80} />
        </Group>
      ))}
    </Stack>
  );
}
