import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { QuestionNotFound } from '../../features/questions/components/question-not-found';

export function QuestionNotFoundPage() {
  return (
    <>
      <PageHeader
        title="Question not found"
        crumbs={[
          <AnchorLink to="/questions" size="sm">
            Questions
          </AnchorLink>,
          'Not found',
        ]}
      />
      <QuestionNotFound />
    </>
  );
}
