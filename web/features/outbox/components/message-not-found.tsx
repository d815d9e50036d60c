import { EmptyState, Paper } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/router-link';

/** An unknown message id. */
export function MessageNotFound() {
  return (
    <Paper p="xl">
      <EmptyState
        icon={<IconMailOff size={28} />}
        variant="light"
        color="gray"
        title="Message not found"
        description="There is no message at this address."
      >
        <EmptyState.Actions>
          <ButtonLink to="/mailbox" variant="light">
            Back to the mailbox
          </ButtonLink>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
