import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { useBidPost } from '../../features/bids/api/get-bid-post';
import { bidTypesFor } from '../../features/bids/bid-actions';
import { emptyBidFormValues } from '../../components/bid-form/bid-form-values';
import { bidPostSummaryOf } from '../../features/bids/bid-post-summary';
import { BidForm } from '../../features/bids/components/bid-form';
import { useSession } from '../../lib/session';
import { postBidRoute } from './post-bid.route';
import { bidToasts } from '../../../contracts/bid';

// spec 1 §2 "/post/{uuid}/bid": a provider places a bid on an active post; anyone else goes to the dashboard
// (spec 1 §2 "Access behaviour", §6 "only fsp may place a bid").

const crumbs = ['Posts', 'Place a bid'];

export function PostBidPage() {
  const { uuid } = postBidRoute.useParams();
  const { data } = useBidPost(uuid);
  const session = useSession();
  const navigate = useNavigate();
  const post = bidPostSummaryOf(data);
  const organisationUuid = session.user.fsp?.organisation.uuid ?? null;

  let closed: string | null = null;
  // spec 1 §4: only an active post (Bidding) takes bids.
  if (post.status !== 'active' || post.homeLoanUuid === null) closed = `This ${post.product} won't be able to receive any new bids.`;
  else if (organisationUuid === null) closed = 'Your account is not in an organisation yet, so it cannot bid. Ask an admin to add you to one.';
  if (closed !== null || post.homeLoanUuid === null || organisationUuid === null) {
    return (
      <>
        <PageHeader title="Place a bid" crumbs={crumbs} />
        <Alert color="gray" icon={<IconInfoCircle />}>
          {closed}
        </Alert>
      </>
    );
  }

  const bidTypes = bidTypesFor(
    { anonymous: session.can('create_anonymous_bid'), retention: session.can('create_retention_bid') },
    organisationUuid,
    post.currentLenderUuid,
  );
  return (
    <>
      <PageHeader title="Place a bid" crumbs={crumbs} />
      <BidForm
        post={post}
        target={{ kind: 'place', homeLoanUuid: post.homeLoanUuid }}
        context={{ organisation_uuid: organisationUuid, home_loan_bid_template_uuid: null, provider_uuid: session.user.uuid, product: null }}
        initialValues={emptyBidFormValues()}
        bidTypes={bidTypes}
        submitLabel="Place the bid"
        onSaved={(bid) => {
          notifications.show({ color: 'teal', title: bidToasts.created, message: `Your bid on this ${post.product} is live.` });
          void navigate({ to: '/post/bid/$uuid/$mode', params: { uuid: bid.uuid, mode: 'view' } });
        }}
        onCancel={() => void navigate({ to: '/home' })}
      />
    </>
  );
}
