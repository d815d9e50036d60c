import { IconStar } from '@tabler/icons-react';
import { dealStatuses } from '../../../../domain/bid/schemas';
import type { BidView } from '../../../../domain/bid/views';
import { ButtonLink } from '../../../components/router-link';

/**
 * spec 1 §1 "Customers can review and rate a provider afterwards", §9 "Post detail" admin action "rate on behalf of
 * a chosen customer": once a bid of the post became a deal, its customer (or an admin, for the post's customer)
 * opens the rating page of that provider (docs/reviews.md).
 */
export function RateProviderLink({ postUuid, bids, admin, ownerUuid }: { postUuid: string; bids: readonly BidView[]; admin: boolean; ownerUuid: string }) {
  // A deal's bid follows the deal's stage, on hold included.
  const deal = bids.find((bid) => ([...dealStatuses, 'on_hold'] as readonly string[]).includes(bid.status) && bid.provider !== null);
  if (!deal?.provider) return null;
  return (
    <ButtonLink
      to="/fsp-review/$postUuid/$fspUuid"
      params={{ postUuid, fspUuid: deal.provider.uuid }}
      search={admin ? { customer_uuid: ownerUuid } : {}}
      size="xs"
      variant="light"
      leftSection={<IconStar size={14} />}
    >
      {admin ? 'Rate on behalf of customer' : 'Rate provider'}
    </ButtonLink>
  );
}
