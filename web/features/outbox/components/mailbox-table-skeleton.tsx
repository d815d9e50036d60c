import { Group, Skeleton, Stack } from '@mantine/core';

/** Shown while the first page of the mailbox loads. */
export function MailboxTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading messages">
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton h={12} w={140} />
          <Skeleton h={12} w={60} />
          <Skeleton h={12} flex={1} />
          <Skeleton h={12} flex={2} />
          <Skeleton h={12} w={60} />
        </Group>
      ))}
    </Stack>
  );
}
