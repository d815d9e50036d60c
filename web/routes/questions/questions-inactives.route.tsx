import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { questionsQueryOptions } from '../../features/questions/api/list-questions';
import { questionListSearch, toListParams } from '../../features/questions/question-list-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

/** The inactive questions (spec 3 §2 /questions/inactives). */
export const questionsInactivesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/questions/inactives',
  validateSearch: questionListSearch,
  loaderDeps: ({ search }) => toListParams('inactive', search),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(questionsQueryOptions(deps)),
  pendingComponent: lazyPage(() => import('./questions-inactives'), 'InactiveQuestionsPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./questions-inactives'), 'InactiveQuestionsPage'),
});
