import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { adminRoute } from '../admin';
import { loadQuestion } from './load-question';
import { QuestionNotFoundPage } from './question-not-found-page';
import { lazyPage } from '../../lib/lazy-page';

export const questionEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/question/$uuid/edit',
  loader: ({ context, params }) => loadQuestion(context.queryClient, params.uuid),
  notFoundComponent: QuestionNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./question-edit'), 'EditQuestionPage'),
});
