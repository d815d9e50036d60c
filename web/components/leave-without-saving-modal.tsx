import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { useBlocker } from '@tanstack/react-router';

type Blocker = Extract<ReturnType<typeof useBlocker>, { status: string }>;

/** Asked when a link or Back would lose unsaved changes (spec 3 §5 "Unsaved changes trigger a confirm-on-exit prompt"). */
export function LeaveWithoutSavingModal({ blocker, what = 'You have changes' }: { blocker: Blocker; what?: string }) {
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?" size={400} centered>
      <Stack gap="md">
        <Text size="sm">{what} that are not saved. If you leave this page, they are lost.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
