import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { adminRoute } from '../admin';
import { loadQuestion } from './load-question';
import { QuestionNotFoundPage } from './question-not-found-page';
import { lazyPage } from '../../lib/lazy-page';

export const questionRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/question/$uuid',
  loader: ({ context, params }) => loadQuestion(context.queryClient, params.uuid),
  notFoundComponent: QuestionNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./question'), 'QuestionPage'),
});
