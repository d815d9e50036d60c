import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/**
 * A route's page component, loaded from its own chunk the first time the route is needed (the router loads it with
 * the route's data), so the first page downloads only its own code (docs/performance.md "The first page").
 *
 * The return type is fixed: a page reads its route back (`homeRoute.useSearch()`), and a route whose type depended on
 * its page module's type would be circular (TypeScript then loses the loader's data type).
 */
export function lazyPage(load: () => Promise<object>, name: string): RouteComponent {
  return lazyRouteComponent(load as () => Promise<Record<string, RouteComponent>>, name);
}
