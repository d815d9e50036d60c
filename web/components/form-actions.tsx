import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  submitLabel: ReactNode;
  /** While the form saves: the submit button spins and Cancel waits. */
  submitting: boolean;
  /** Absent where the form cannot be left without saving (profile completion). */
  onCancel?: () => void;
};

/** A form's footer: Cancel, then the submit button, on the right. */
export function FormActions({ submitLabel, submitting, onCancel }: Props) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
