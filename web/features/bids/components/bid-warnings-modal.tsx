import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type BidWarning, confirmWarningLabel } from '../../../../domain/bid/rules';

type Props = {
  warnings: readonly BidWarning[] | null;
  /** The bid is being sent again with the warnings confirmed. */
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** spec 1 §4: the warnings a bid needs confirmed with 'Yes, continue!' before it goes out; 750 wide. */
export function BidWarningsModal({ warnings, sending, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={warnings !== null} onClose={onCancel} title="Please check your bid" size={750} centered>
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          <List spacing="xs" size="sm">
            {(warnings ?? []).map((warning) => (
              <List.Item key={warning.code}>{warning.message}</List.Item>
            ))}
          </List>
        </Alert>
        <Text size="sm">Do you want to place the bid anyway?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Change my bid
          </Button>
          <Button color="orange" onClick={onConfirm} loading={sending}>
            {confirmWarningLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
