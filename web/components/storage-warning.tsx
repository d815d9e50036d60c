import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isBrowserStorageUsable } from '../lib/storage-check';

/**
 * spec 2 §8 "Storage unavailable (private mode)": a warning dialog 'Hi there!', checked once when the app starts.
 * Closing it lets the person go on; without storage nothing could remember that it was closed, so it is not saved.
 */
export function StorageWarning() {
  const [opened, setOpened] = useState(() => !isBrowserStorageUsable());
  const close = () => setOpened(false);
  return (
    <Modal opened={opened} onClose={close} title="Hi there!" centered>
      <Stack gap="md">
        <Text size="sm">Your browser does not allow this site to store the data it needs to work, such as your log-in.</Text>
        <Text size="sm">Please switch to a regular (not private) browsing mode, or update your browser.</Text>
        <Group justify="flex-end">
          <Button onClick={close}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
