import { IconStar } from '@tabler/icons-react';
import { dealStatuses } from '../../../../domain/bid/schemas';
import type { BidView } from '../../../../contracts/bid';
import { ButtonLink } from '../../../components/router-link';
import { OptionRow } from './option-row';

/**
 * spec 1 §1 "Customers can review and rate a provider afterwards", §9 "Post detail" admin action "rate on behalf of
 * a chosen customer": once a bid of the post became a deal, its customer (or an admin, for the post's customer)
 * opens the rating page of that provider (docs/reviews.md).
 */
export function RateProviderLink({ postUuid, bids, admin, ownerUuid }: { postUuid: string; bids: readonly BidView[]; admin: boolean; ownerUuid: string }) {
  const deal = dealBidOf(bids);
  if (!deal?.provider) return null;
  const link = (
    <ButtonLink
      to="/fsp-review/$postUuid/$fspUuid"
      params={{ postUuid, fspUuid: deal.provider.uuid }}
      search={admin ? { customer_uuid: ownerUuid } : {}}
      size="xs"
      variant={admin ? 'light' : 'default'}
      leftSection={<IconStar size={14} />}
    >
      {admin ? 'Rate on behalf of customer' : 'Rate provider'}
    </ButtonLink>
  );
  return admin ? link : <OptionRow help="Tell other customers how your lender looked after you.">{link}</OptionRow>;
}

/** The post's bid that became a deal (a deal's bid follows the deal's stage, on hold included), with a provider shown. */
export const dealBidOf = (bids: readonly BidView[]) => bids.find((bid) => ([...dealStatuses, 'on_hold'] as readonly string[]).includes(bid.status) && bid.provider !== null);
