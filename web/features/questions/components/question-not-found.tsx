import { EmptyState, Paper } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/router-link';

/** An unknown or deleted question uuid. */
export function QuestionNotFound() {
  return (
    <Paper p="xl">
      <EmptyState
        icon={<IconHelpCircle size={28} />}
        variant="light"
        color="gray"
        title="Question not found"
        description="There is no question at this address. It may have been deleted."
      >
        <EmptyState.Actions>
          <ButtonLink to="/questions" variant="light">
            Back to questions
          </ButtonLink>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
