import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Why a form's last save failed, above its fields; nothing while there is no message. */
export function FormErrorAlert({ title, message }: { title?: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title}>
      {message}
    </Alert>
  );
}
