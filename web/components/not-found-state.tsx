import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a detail page shows for an id that does not exist (any more); `action` leads back to the list. */
export function NotFoundState({ icon, title, description, action }: { icon: ReactNode; title: string; description: string; action: ReactNode }) {
  return (
    <Paper p="xl">
      <EmptyState icon={icon} variant="light" color="gray" title={title} description={description}>
        <EmptyState.Actions>{action}</EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
