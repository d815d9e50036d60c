import { Paper, Stack, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import type { providerAnswerView } from '../../../../domain/user/user-management';

/** A provider's answers to the questions (spec 3 "Questions"), in the questions' order. */
export function ProviderAnswers({ answers }: { answers: readonly z.infer<typeof providerAnswerView>[] }) {
  return (
    <Paper p="lg">
      <Title order={4} mb="md">
        Answers
      </Title>
      {answers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No answers yet: the provider answers the questions when completing the profile.
        </Text>
      ) : (
        <Stack gap="md">
          {answers.map((answer) => (
            <Stack key={answer.question_uuid} gap={2}>
              <Text size="sm" fw={600}>
                {answer.question}
              </Text>
              <Text size="sm">{answer.answer}</Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
