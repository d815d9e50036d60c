import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { questionsQueryOptions } from '../../features/questions/api/list-questions';
import { questionListSearch, toListParams } from '../../features/questions/question-list-search';
import { adminRoute } from '../admin';
import { QuestionsListPage, QuestionsPending } from './questions-list-page';

/** The inactive questions (spec 3 §2 /questions/inactives). */
export const questionsInactivesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/questions/inactives',
  validateSearch: questionListSearch,
  loaderDeps: ({ search }) => toListParams('inactive', search),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(questionsQueryOptions(deps)),
  pendingComponent: () => <QuestionsPending status="inactive" />,
  errorComponent: RouteError,
  component: InactiveQuestionsPage,
});

function InactiveQuestionsPage() {
  const search = questionsInactivesRoute.useSearch();
  const navigate = questionsInactivesRoute.useNavigate();
  return <QuestionsListPage status="inactive" search={search} onSearch={(changes) => void navigate({ search: (previous) => ({ ...previous, ...changes }) })} />;
}
