import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { FspQuestionView } from '../../../../domain/user/profile';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useFspQuestions } from '../api/get-fsp-questions';
import { useUpdateAnswers } from '../api/update-answers';
import { AnswersFields, type AnswersValues, placeAnswerErrors, toAnswers, validateAnswers } from './answers-fields';

/** A provider's answers to the active questions (spec 3 "Questions"); the provider itself may change them. */
export function ProviderAnswers({ providerUuid, editable }: { providerUuid: string; editable: boolean }) {
  const questions = useFspQuestions(providerUuid);
  const [editing, setEditing] = useState(false);
  return (
    <Paper p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Questions</Title>
          {editable && !editing && questions.length > 0 && (
            <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              Edit answers
            </Button>
          )}
        </Group>
        {questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No questions to answer.
          </Text>
        ) : editing ? (
          <EditAnswers providerUuid={providerUuid} questions={questions} onDone={() => setEditing(false)} />
        ) : (
          questions.map((q) => (
            <Stack key={q.question_uuid} gap={2}>
              <Text size="sm" fw={600}>
                {q.description}
              </Text>
              <Text size="sm" c={q.answer ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
                {q.answer ?? 'Not answered yet'}
              </Text>
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

function EditAnswers({ providerUuid, questions, onDone }: { providerUuid: string; questions: readonly FspQuestionView[]; onDone: () => void }) {
  const update = useUpdateAnswers(providerUuid);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AnswersValues>({ initialValues: { answers: questions.map((q) => q.answer ?? '') }, validate: validateAnswers });

  async function submit(values: AnswersValues) {
    setFormError(null);
    try {
      await update.mutateAsync(toAnswers(questions, values));
    } catch (error) {
      const unplaced = isApiError(error, 422) ? placeAnswerErrors(error.errors, form.setFieldError) : ['The answers could not be saved. Please try again in a moment.'];
      if (unplaced.length > 0) setFormError(unplaced.join(' '));
      return;
    }
    notifications.show({ color: 'teal', title: 'Success!', message: 'Your answers were saved.' });
    onDone();
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert title="Not saved" message={formError} />
        <AnswersFields questions={questions} form={form} />
        <FormActions submitLabel="Save answers" submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
