import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormErrorAlert } from '../../../../components/form-error-alert';

type Props = {
  label: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  dirty: boolean;
  /** Server messages no field shows (an open post's completeness, say). */
  unplaced: string | null;
  submitLabel: string;
  children: ReactNode;
};

/** A section of the post edit screen: its fields and its own Save (enabled once something changed). */
export function SectionForm({ label, formRef, onSubmit, saving, dirty, unplaced, submitLabel, children }: Props) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="xl">
        <FormErrorAlert title="Please check your answers" message={unplaced} />
        {children}
        <Group justify="flex-end" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Button type="submit" loading={saving} disabled={!dirty}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
