import { Button, Center, EmptyState } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

/** Shown when the API answers 503 (docs/api.md): the database is unreachable or the product is being updated. */
export function Maintenance({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <EmptyState
        icon={<IconTool size={30} />}
        variant="light"
        size="lg"
        title="We'll be back soon"
        description="Home Loan Auction is down for maintenance. Your data is safe; please try again in a few minutes."
      >
        <EmptyState.Actions>
          <Button onClick={onRetry}>Try again</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
