import { DealsScreen } from '../../features/deals/components/deals-screen';
import { dealFilterOf, searchOfDealFilter } from '../../features/deals/deal-filters';
import { useSession } from '../../lib/session';
import { dealViewerOf, todayIso } from './deals-access';
import { lostDealsRoute } from './lost-deals.route';

// spec 1 §2 "/lost-deals": the closed-lost deals with their not-proceeding reason, under the board's filters.

export function LostDealsPage() {
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
