import { createRoute } from '@tanstack/react-router';
import { privateRoute } from './private';
import { lazyPage } from '../lib/lazy-page';

export const homeRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/home',
  component: lazyPage(() => import('./home'), 'HomePage'),
});
