import { Alert } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

/**
 * The phone code a development server answers with (no SMS gateway exists, docs/security.md "Phone codes"), so one
 * person can try the product alone. Production never answers a code, so this shows nothing there.
 */
export function DevelopmentCode({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  return (
    // The title in dark text: yellow on light yellow fails WCAG AA contrast.
    <Alert color="yellow" variant="light" icon={<IconTool size={18} color="var(--mantine-color-dark-7)" />} title="Development only" styles={{ title: { color: 'var(--mantine-color-dark-7)' } }} data-testid="development-code">
      No text message is sent on a development server: your code is <strong>{code}</strong>.
    </Alert>
  );
}
