import { Group, Skeleton, Stack } from '@mantine/core';

/** Shown while the first page of questions loads. */
export function QuestionsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading questions">
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton h={12} w={32} />
          <Skeleton h={12} flex={3} />
          <Skeleton h={20} w={40} radius="xl" />
          <Skeleton h={12} w={80} />
          <Skeleton h={12} w={160} />
        </Group>
      ))}
    </Stack>
  );
}
