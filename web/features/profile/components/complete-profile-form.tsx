import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { FspQuestionView } from '../../../../domain/user/profile';
import type { UserView } from '../../../../domain/user/schemas';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { ImageField, imageFieldProps } from '../../../components/image-field';
import { isApiError } from '../../../lib/api-error';
import { type CompleteProfile, useCompleteProfile } from '../api/complete-profile';
import { AnswersFields, type AnswersValues, placeAnswerErrors, toAnswers, validateAnswers } from './answers-fields';

type FormValues = AnswersValues & { avatar: string | null | undefined };

/**
 * The approved provider's profile completion (spec 2 §2 "fsp-activate-profile"): an avatar and an answer to every
 * active question. A failed submit only scrolls up to show what is wrong (spec 2 §8), no toast.
 */
export function CompleteProfileForm({ user, questions, onCompleted }: { user: UserView; questions: readonly FspQuestionView[]; onCompleted: () => Promise<void> }) {
  const complete = useCompleteProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: { avatar: undefined, answers: questions.map((q) => q.answer ?? '') },
    validate: validateAnswers,
  });
  const scrollUp = () => window.scrollTo({ top: 0, behavior: 'smooth' });

  async function submit(values: FormValues) {
    setFormError(null);
    const body: CompleteProfile = { questions: toAnswers(questions, values), ...(values.avatar ? { avatar: values.avatar } : {}) };
    try {
      await complete.mutateAsync(body);
    } catch (error) {
      if (isApiError(error, 422)) {
        const { avatar, ...answerErrors } = error.errors;
        if (avatar) form.setFieldError('avatar', avatar.join(' '));
        const unplaced = placeAnswerErrors(answerErrors, form.setFieldError);
        if (unplaced.length > 0) setFormError(unplaced.join(' '));
      } else {
        setFormError(isApiError(error, 403) && error.detail ? error.detail : 'The profile could not be saved. Please try again in a moment.');
      }
      scrollUp();
      return;
    }
    await onCompleted();
  }

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit, scrollUp)} noValidate>
        <Stack gap="lg">
          <FormErrorAlert title="Not saved" message={formError} />
          <ImageField
            label="Avatar"
            shape="round"
            name={[user.first_name, user.last_name].filter(Boolean).join(' ')}
            currentUrl={user.avatar_url}
            {...imageFieldProps(form, 'avatar')}
          />
          <Divider />
          <Stack gap="xs">
            <Title order={4}>Questions</Title>
            {questions.length === 0 ? (
              <Text size="sm" c="dimmed">
                There are no questions to answer right now.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Customers read your answers on your profile.
              </Text>
            )}
          </Stack>
          <AnswersFields questions={questions} form={form} />
          <FormActions submitLabel="Complete profile" submitting={form.submitting} />
        </Stack>
      </form>
    </Paper>
  );
}
