import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useCreateQuestion } from '../../features/questions/api/create-question';
import { QuestionForm } from '../../features/questions/components/question-form';
import { shortQuestion } from '../../features/questions/question-labels';

export function CreateQuestionPage() {
  const navigate = useNavigate();
  const create = useCreateQuestion();
  return (
    <>
      <PageHeader
        title="Create question"
        crumbs={[
          <AnchorLink to="/questions" size="sm">
            Questions
          </AnchorLink>,
          'Create',
        ]}
      />
      <QuestionForm
        submitLabel="Create question"
        onCancel={() => void navigate({ to: '/questions' })}
        onSubmit={async (fields) => {
          await create.mutateAsync(fields);
          notifications.show({ color: 'teal', title: 'Success!', message: `${shortQuestion(fields.description)} was created.` });
          // spec 3 §2: after saving a question the user returns to the questions list (a new one is active, last).
          await navigate({ to: '/questions' });
        }}
      />
    </>
  );
}
