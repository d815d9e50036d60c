import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { questionsQueryOptions } from '../../features/questions/api/list-questions';
import { questionListSearch, toListParams } from '../../features/questions/question-list-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

/** The active questions, in their order (spec 3 §2 /questions). */
export const questionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/questions',
  validateSearch: questionListSearch,
  loaderDeps: ({ search }) => toListParams('active', search),
  // fetchQuery rather than ensureQueryData: a list invalidated by a change is fetched again before it is shown.
  loader: ({ context, deps }) => context.queryClient.fetchQuery(questionsQueryOptions(deps)),
  pendingComponent: lazyPage(() => import('./questions'), 'ActiveQuestionsPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./questions'), 'ActiveQuestionsPage'),
});
