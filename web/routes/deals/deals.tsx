import { DealsScreen } from '../../features/deals/components/deals-screen';
import { dealFilterOf, searchOfDealFilter } from '../../features/deals/deal-filters';
import { useSession } from '../../lib/session';
import { dealViewerOf, todayIso } from './deals-access';
import { dealsRoute } from './deals.route';

// spec 1 §2 "/deals": the deals board; providers see their own deals, admins all of them. Filters in the URL.

export function DealsBoardPage() {
  const session = useSession();
  const viewer = dealViewerOf(session);
  const today = todayIso();
  const navigate = dealsRoute.useNavigate();
  const filter = dealFilterOf(dealsRoute.useSearch(), viewer, today);
  return (
    <DealsScreen
      view="board"
      viewer={viewer}
      userUuid={session.user.uuid}
      filter={filter}
      today={today}
      onApply={(next) => void navigate({ search: searchOfDealFilter(next, viewer), replace: true })}
    />
  );
}
