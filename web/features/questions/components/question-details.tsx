import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { QuestionView } from '../../../../domain/question/schemas';
import { DetailItem } from '../../../components/detail-item';
import { formatDate } from '../../../lib/format';
import { QuestionStatusBadge } from './question-status-badge';

/** The question as providers will read it, and its place in the list. */
export function QuestionDetails({ question }: { question: QuestionView }) {
  return (
    <Paper p="lg" maw={900}>
      <Stack gap="lg">
        <DetailItem label="Question">
          <Text size="lg" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="question-text">
            {question.description}
          </Text>
        </DetailItem>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing="lg">
          <DetailItem label="Status">
            <QuestionStatusBadge status={question.status} />
          </DetailItem>
          <DetailItem label="Position">{question.position}</DetailItem>
          <DetailItem label="Created at">{formatDate(question.created_at)}</DetailItem>
          <DetailItem label="Updated at">{formatDate(question.updated_at)}</DetailItem>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
