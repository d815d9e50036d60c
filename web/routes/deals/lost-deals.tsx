import { createRoute } from '@tanstack/react-router';
import { DealsScreen } from '../../features/deals/components/deals-screen';
import { dealFilterOf, dealFilterSearch, searchOfDealFilter } from '../../features/deals/deal-filters';
import { useSession } from '../../lib/session';
import { privateRoute } from '../private';
import { assertDealViewer, dealViewerOf, todayIso } from './deals-access';

// spec 1 §2 "/lost-deals": the closed-lost deals with their not-proceeding reason, under the board's filters.

export const lostDealsRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/lost-deals',
  validateSearch: dealFilterSearch,
  beforeLoad: ({ context }) => assertDealViewer(context.session),
  component: LostDealsPage,
});

function LostDealsPage() {
  const session = useSession();
  const viewer = dealViewerOf(session);
  const today = todayIso();
  const navigate = lostDealsRoute.useNavigate();
  const filter = dealFilterOf(lostDealsRoute.useSearch(), viewer, today);
  return (
    <DealsScreen
      view="lost"
      viewer={viewer}
      userUuid={session.user.uuid}
      filter={filter}
      today={today}
      onApply={(next) => void navigate({ search: searchOfDealFilter(next, viewer), replace: true })}
    />
  );
}
