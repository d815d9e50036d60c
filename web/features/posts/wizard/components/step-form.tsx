import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormErrorAlert } from '../../../../components/form-error-alert';
import { previousStepOf, type StepNumber, stepOf } from '../wizard-steps';

type Props = {
  step: StepNumber;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** Server messages no field shows. */
  unplaced: string | null;
  submitLabel?: string;
  children: ReactNode;
};

/** A step's form with its footer: Back to the step before, and Next, which checks and saves this one. */
export function StepForm({ step, formRef, onSubmit, saving, unplaced, submitLabel = 'Next', children }: Props) {
  const navigate = useNavigate();
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <FormErrorAlert title="Please check your answers" message={unplaced} />
        {children}
        <Group justify="space-between" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {step > 1 ? (
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={saving} onClick={() => void navigate({ to: stepOf(previousStepOf(step)).path })}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Text size="xs" c="dimmed" aria-live="polite">
              {saving ? 'Saving your answers…' : 'Your answers are kept on this device until you continue.'}
            </Text>
            <Button type="submit" loading={saving} rightSection={<IconArrowRight size={16} />}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
