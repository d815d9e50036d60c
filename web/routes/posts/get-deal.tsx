import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { postBidsQueryOptions } from '../../features/post-detail/api/get-post-bids';
import { usePostDetail } from '../../features/post-detail/api/get-post-detail';
import { acceptOfferFor } from '../../features/post-detail/bid-acceptance';
import { AcceptBidModal } from '../../features/post-detail/components/accept-bid-modal';
import { PostDetailScreen } from '../../features/post-detail/components/post-detail-screen';
import { postSummaryOf } from '../../features/post-detail/post-summary';
import { isAdministrator, useSession } from '../../lib/session';
import { getDealRoute } from './get-deal.route';

// spec 1 §2 "/post/{uuid}/get-deal/{bidUuid}", §4: the accept dialog over the post page. Sent: to the dashboard,
// whose data is fetched again; dismissed: back to the post. Only the owner and admins accept; others see the post.

export function GetDealPage() {
  const { uuid, bidUuid } = getDealRoute.useParams();
  return (
    <PostDetailScreen uuid={uuid}>
      <AcceptDialog postUuid={uuid} bidUuid={bidUuid} />
    </PostDetailScreen>
  );
}

function AcceptDialog({ postUuid, bidUuid }: { postUuid: string; bidUuid: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const { data: post } = usePostDetail(postUuid);
  const { data: bids } = useSuspenseQuery(postBidsQueryOptions(postUuid));
  const acceptor = isAdministrator(session) ? 'admin' : session.user.user_type === 'customer' ? 'owner' : 'other';
  // Decided when the dialog opens: the acceptance itself changes the post and the bid while the dialog closes.
  const [bid] = useState(() => bids.result.find((b) => b.uuid === bidUuid));
  const [acceptable] = useState(() => bid !== undefined && acceptOfferFor(acceptor, post.status, bid.status) === 'accept');
  const backToPost = () => void navigate({ to: '/post/$uuid', params: { uuid: postUuid }, replace: true });

  useEffect(() => {
    if (acceptable) return;
    notifications.show({ color: 'yellow', title: 'This bid cannot be accepted', message: 'It is no longer open for acceptance.' });
    backToPost();
  }, [acceptable]);

  if (!acceptable || !bid) return null;
  return (
    <AcceptBidModal
      postUuid={postUuid}
      bid={bid}
      product={postSummaryOf(post).product}
      onAccepted={() => {
        notifications.show({ color: 'teal', title: 'Success!', message: 'The bid is accepted: the lender will contact you at the times you chose.' });
        void navigate({ to: '/home' });
      }}
      onDismiss={backToPost}
    />
  );
}
