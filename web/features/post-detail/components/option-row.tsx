import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One of the customer's options on the post page: its button, and what it does beside it (issue 24). */
export function OptionRow({ help, children }: { help: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="center" data-testid="option-row">
      <Box miw={190}>{children}</Box>
      <Text size="sm">{help}</Text>
    </Group>
  );
}
