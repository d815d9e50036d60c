import { IconHelpCircle } from '@tabler/icons-react';
import { NotFoundState } from '../../../components/not-found-state';
import { ButtonLink } from '../../../components/router-link';

/** An unknown or deleted question uuid. */
export function QuestionNotFound() {
  return (
    <NotFoundState
      icon={<IconHelpCircle size={28} />}
      title="Question not found"
      description="There is no question at this address. It may have been deleted."
      action={
        <ButtonLink to="/questions" variant="light">
          Back to questions
        </ButtonLink>
      }
    />
  );
}
