import { Badge } from '@mantine/core';
import type { QuestionStatus } from '../../../../domain/question/schemas';
import { questionStatusLabels } from '../question-labels';

export function QuestionStatusBadge({ status }: { status: QuestionStatus }) {
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light" radius="sm">
      {questionStatusLabels[status]}
    </Badge>
  );
}
