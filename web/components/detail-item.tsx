import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value on a detail page. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
