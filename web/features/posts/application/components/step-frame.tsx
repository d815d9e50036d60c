import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { PublicShell } from '../../../../components/public-shell';

type Props = {
  title: string;
  description?: ReactNode;
  /** The step's progress percent; none on the invalid-postcode screen (spec 2 §2). */
  progress: number | null;
  children: ReactNode;
  /** Next (or the form's Enter key); without it the step has no Next button (its choices move on). */
  onNext?: () => void | Promise<void>;
  nextLabel?: string;
  busy?: boolean;
  /** Null on the first step. */
  onBack: (() => void) | null;
  /** Any field of the form changed. */
  onEdit?: () => void;
};

/**
 * One screen of the application stepper: the progress bar with its percent, the question, the answer's fields, and
 * Back / Next. The whole screen is a form, so Enter answers and moves on; buttons are large for touch screens.
 */
export function StepFrame({ title, description, progress, children, onNext, nextLabel = 'Next', busy = false, onBack, onEdit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onNext && !busy) void onNext();
  };
  return (
    <PublicShell title={title} description={description} width={600}>
      <form onSubmit={submit} onChange={onEdit} noValidate>
        <Stack gap="lg">
          {progress !== null && (
            <Stack gap={4}>
              <Progress value={progress} size="lg" radius="xl" aria-label="Application progress" />
              <Text size="sm" c="dimmed">
                {progress}% complete
              </Text>
            </Stack>
          )}
          {children}
          <Group justify="space-between" mt="sm">
            {onBack ? (
              <Button variant="default" size="lg" leftSection={<IconArrowLeft size={18} />} onClick={onBack} disabled={busy}>
                Back
              </Button>
            ) : (
              <span />
            )}
            {onNext && (
              <Button type="submit" size="lg" rightSection={<IconArrowRight size={18} />} loading={busy}>
                {nextLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </PublicShell>
  );
}

type Choice<Value> = { value: Value; label: string; hint?: string };

/** Big option buttons: picking one answers the question and moves on. The chosen one is marked and focused first. */
export function ChoiceList<Value extends string | number | boolean>({
  choices,
  value,
  onPick,
  error,
  label,
}: {
  choices: readonly Choice<Value>[];
  value: Value | null;
  onPick: (value: Value) => void;
  error?: string | undefined;
  label: string;
}) {
  const focused = choices.findIndex((choice) => choice.value === value);
  return (
    <Stack gap="sm" role="group" aria-label={label}>
      {choices.map((choice, index) => (
        <Button
          key={String(choice.value)}
          size="xl"
          variant={choice.value === value ? 'filled' : 'light'}
          aria-pressed={choice.value === value}
          justify="flex-start"
          fullWidth
          h="auto"
          py="md"
          autoFocus={index === Math.max(focused, 0)}
          onClick={() => onPick(choice.value)}
        >
          <Stack gap={2} align="flex-start">
            <span>{choice.label}</span>
            {choice.hint && (
              <Text size="sm" c={choice.value === value ? 'white' : 'dimmed'} fw={400}>
                {choice.hint}
              </Text>
            )}
          </Stack>
        </Button>
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
