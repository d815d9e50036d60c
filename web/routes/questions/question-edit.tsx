import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useQuestion } from '../../features/questions/api/get-question';
import { useUpdateQuestion } from '../../features/questions/api/update-question';
import { QuestionForm } from '../../features/questions/components/question-form';
import { shortQuestion } from '../../features/questions/question-labels';
import { questionEditRoute } from './question-edit.route';

export function EditQuestionPage() {
  const { uuid } = questionEditRoute.useParams();
  const { data: question } = useQuestion(uuid);
  const navigate = useNavigate();
  const update = useUpdateQuestion();

  return (
    <>
      <PageHeader
        title="Edit question"
        crumbs={[
          <AnchorLink to="/questions" size="sm">
            Questions
          </AnchorLink>,
          <AnchorLink to="/question/$uuid" params={{ uuid }} size="sm">
            {shortQuestion(question.description, 40)}
          </AnchorLink>,
          'Edit',
        ]}
      />
      <QuestionForm
        question={question}
        submitLabel="Save changes"
        onCancel={() => void navigate({ to: '/question/$uuid', params: { uuid } })}
        onSubmit={async (fields) => {
          await update.mutateAsync({ uuid, changes: fields });
          notifications.show({ color: 'teal', title: 'Success!', message: `${shortQuestion(fields.description)} was saved.` });
          // spec 3 §2: after saving a question the user returns to the questions list: the one that shows it.
          await navigate({ to: question.status === 'active' ? '/questions' : '/questions/inactives' });
        }}
      />
    </>
  );
}
