import { Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ANSWER_MAX_LENGTH, type FspQuestionView, providerAnswer } from '../../../../domain/user/profile';

/** Form values holding one answer per active question, in the questions' order. */
export type AnswersValues = { answers: string[] };

/** The answer rule of the API (domain/user/profile.ts), per field. */
export const validateAnswers = (values: AnswersValues) =>
  Object.fromEntries(
    values.answers.flatMap((answer, index) => {
      const issue = providerAnswer.shape.answer.safeParse(answer).error?.issues[0];
      return issue ? [[`answers.${index}`, issue.message]] : [];
    }),
  );

/** The answers in the API's shape, in the questions' order, so a 422 on `questions.{i}.answer` names field i. */
export const toAnswers = (questions: readonly FspQuestionView[], values: AnswersValues) =>
  questions.map((q, index) => ({ question_uuid: q.question_uuid, answer: values.answers[index] ?? '' }));

/** Puts 422 messages on `questions.{i}.answer` onto the answer fields; answers the messages no field shows. */
export function placeAnswerErrors(errors: Readonly<Record<string, readonly string[]>>, setFieldError: (path: string, message: string) => void): string[] {
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const index = /^questions\.(\d+)\.answer$/.exec(key)?.[1];
    if (index !== undefined) setFieldError(`answers.${index}`, messages.join(' '));
    else unplaced.push(...messages);
  }
  return unplaced;
}

/** One text field per active question (spec 3 "Questions": providers answer the active ones). */
export function AnswersFields<Values extends AnswersValues>({ questions, form }: { questions: readonly FspQuestionView[]; form: UseFormReturnType<Values> }) {
  return (
    <Stack gap="md">
      {questions.map((question, index) => (
        <Textarea
          key={question.question_uuid}
          label={question.description}
          withAsterisk
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ANSWER_MAX_LENGTH}
          {...form.getInputProps(`answers.${index}`)}
        />
      ))}
    </Stack>
  );
}
