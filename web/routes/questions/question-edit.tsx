import { notifications } from '@mantine/notifications';
import { createRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { AnchorLink } from '../../components/router-link';
import { useQuestion } from '../../features/questions/api/get-question';
import { useUpdateQuestion } from '../../features/questions/api/update-question';
import { QuestionForm } from '../../features/questions/components/question-form';
import { shortQuestion } from '../../features/questions/question-labels';
import { adminRoute } from '../admin';
import { loadQuestion } from './load-question';
import { QuestionNotFoundPage } from './question-not-found-page';

export const questionEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/question/$uuid/edit',
  loader: ({ context, params }) => loadQuestion(context.queryClient, params.uuid),
  notFoundComponent: QuestionNotFoundPage,
  errorComponent: RouteError,
  component: EditQuestionPage,
});

function EditQuestionPage() {
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
