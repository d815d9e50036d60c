import { createRoute } from '@tanstack/react-router';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

export const questionsCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/questions/create',
  component: lazyPage(() => import('./questions-create'), 'CreateQuestionPage'),
});
