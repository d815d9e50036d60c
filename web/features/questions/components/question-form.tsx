import { Divider, Paper, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { QUESTION_MAX_LENGTH, questionDescription, type QuestionFields, questionMessages, type QuestionView } from '../../../../domain/question/schemas';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';

/** The form field is named "question" (spec 3 §3); the API calls it `description`. */
type FormValues = { question: string };

type Props = {
  /** The question being edited; absent when creating. */
  question?: QuestionView;
  submitLabel: string;
  /** Saves; an ApiError it throws is shown on the form (422 field messages on the field). */
  onSubmit: (fields: QuestionFields) => Promise<unknown>;
  onCancel: () => void;
};

/** Create and edit a question, validated with the same zod schema as the API (domain/question/schemas.ts). */
export function QuestionForm({ question, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: { question: question?.description ?? '' },
    validate: {
      question: (value) => {
        const checked = questionDescription.safeParse(value);
        return checked.success ? null : (checked.error.issues[0]?.message ?? questionMessages.required);
      },
    },
  });

  async function submit(values: FormValues) {
    setFormError(null);
    const parsed = questionDescription.safeParse(values.question);
    if (!parsed.success) return; // validate above already shows why
    try {
      await onSubmit({ description: parsed.data });
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'question',
          fields: ['description'] as const,
          setFieldError: (_field, message) => form.setFieldError('question', message),
          byStatus: {
            404: 'This question no longer exists. It may have been deleted.',
            409: 'Someone else changed the questions at the same time. Please try again.',
          },
          otherwise: 'The question could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  const length = form.values.question.trim().length;

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          {/* No maxLength: pasted text is not cut silently; the counter and the message say what is too long. */}
          <Textarea
            label="Question"
            description={`Providers answer it when they complete their profile. ${length}/${QUESTION_MAX_LENGTH} characters.`}
            placeholder="Do you lend to self-employed customers?"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('question')}
          />
          <Divider />
          <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
