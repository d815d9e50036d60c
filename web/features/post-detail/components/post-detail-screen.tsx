import { Alert, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconGavel, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BidView } from '../../../../contracts/bid';
import { isProviderPostView } from '../../../../contracts/provider-post';
import { StartChatButton } from '../../../components/chat-buttons';
import { PageHeader } from '../../../components/page-header';
import { ButtonLink } from '../../../components/router-link';
import { postTitleOf } from '../../../lib/post-title';
import { isAdministrator, useSession } from '../../../lib/session';
import { postBidsQueryOptions } from '../api/get-post-bids';
import { usePostDetail } from '../api/get-post-detail';
import { acceptingExplained, acceptOfferFor } from '../bid-acceptance';
import { bidStatisticsOf } from '../bid-statistics';
import { postActionsFor } from '../post-actions';
import { postSummaryOf } from '../post-summary';
import { ApplicantsCard } from './applicants-card';
import { BidStatisticsPanel } from './bid-statistics-panel';
import { LoanSummaryCard } from './loan-summary-card';
import { PostActionsBar } from './post-actions-bar';
import { PostBids } from './post-bids';
import { PostStatusBlock } from './post-status-block';
import { dealBidOf, RateProviderLink } from './rate-provider-link';
import { PostNotes } from './post-notes';
import { mayRequestUpdate, RequestUpdateButton } from './request-update-button';

/**
 * The post page for every role (spec 1 §2 "Post detail"; docs/post-detail.md): what each role sees follows what
 * GET /v4/posts/{id} answers it. `children` sits over the page (the accept dialog of /post/{uuid}/get-deal/{bidUuid}).
 */
export function PostDetailScreen({ uuid, children }: { uuid: string; children?: ReactNode }) {
  const session = useSession();
  const { data: view } = usePostDetail(uuid);
  // A pending post (still being written) has no bids yet, and the API answers none for it.
  const published = view.status !== 'pending';
  const bids = useQuery({ ...postBidsQueryOptions(uuid), enabled: published });
  const summary = postSummaryOf(view);
  const userType = session.user.user_type;
  const admin = isAdministrator(session);
  const provider = userType === 'fsp';
  const acceptor = admin ? 'admin' : userType === 'customer' ? 'owner' : 'other';
  const bidList = bids.data?.result ?? [];
  const isOwn = (bid: BidView) => provider && bid.provider?.uuid === session.user.uuid;

  const title = postTitleOf({ loan_type: summary.loanType, loan_amount: summary.loanAmount, suburb: summary.place?.suburb, state: summary.place?.state }, summary.product);
  // spec 1 §6: only providers place bids, on an active post, and not once a bid is closed_won.
  const mayBid = provider && view.status === 'active' && !bidList.some((bid) => bid.status === 'closed_won');

  let operations: ReactNode = null;
  let ownerOptions: ReactNode = null;
  let statusBlock: ReactNode = null;
  let applicants: ReactNode = null;
  if (isProviderPostView(view)) {
    if (view.customer) applicants = <ApplicantsCard applicants={view.customer.applicants} contact={view.customer} />;
  } else {
    const actions = postActionsFor(admin ? 'admin' : 'owner', view);
    if (admin) {
      operations = (
        <Group gap="xs">
          <RateProviderLink postUuid={uuid} bids={bids.data?.result ?? []} admin={admin} ownerUuid={view.owner_uuid} />
          {/* spec 1 §2 "Admin actions": an external deal for this post's customer (docs/external-deals.md). */}
          <ButtonLink to="/external-deal/$mode" params={{ mode: 'create' }} search={{ customer_uuid: view.owner_uuid }} variant="light" size="xs">
            Create external deal
          </ButtonLink>
          <PostActionsBar post={view} product={summary.product} actions={actions} />
        </Group>
      );
    } else if (actions.length > 0 || mayRequestUpdate(view.status) || dealBidOf(bidList)) {
      // The customer's options, each with what it does (issue 24; docs/post-detail.md "The customer's options").
      ownerOptions = (
        <Paper p="md" component="section" aria-label="What you can do">
          <Stack gap="sm">
            <Title order={3} size="h4">
              What you can do
            </Title>
            <RateProviderLink postUuid={uuid} bids={bids.data?.result ?? []} admin={false} ownerUuid={view.owner_uuid} />
            <RequestUpdateButton postUuid={uuid} product={summary.product} status={view.status} />
            <PostActionsBar post={view} product={summary.product} actions={actions} explained />
          </Stack>
        </Paper>
      );
    }
    statusBlock = <PostStatusBlock post={view} />;
    applicants = <ApplicantsCard applicants={view.applicants} />;
  }

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[userType === 'customer' ? 'My Posts' : 'Posts', summary.product]}
        actions={
          mayBid ? (
            <Group gap="xs">
              {/* spec 1 §2 "Post detail": shown only with chat enabled, an active post and initiate_chat_with_customer. */}
              <StartChatButton postUuid={uuid} postStatus={view.status} />
              <ButtonLink to="/post/$uuid/bid" params={{ uuid }} leftSection={<IconGavel size={16} />}>
                Place a bid
              </ButtonLink>
            </Group>
          ) : provider ? (
            <StartChatButton postUuid={uuid} postStatus={view.status} />
          ) : (
            operations
          )
        }
      />
      <Stack gap="lg">
        {statusBlock}
        {ownerOptions}
        <LoanSummaryCard summary={summary} showFlexibleNotice={provider || admin} />
        {applicants}
        {admin && bids.data && <BidStatisticsPanel statistics={bidStatisticsOf(bidList)} />}
        {!published && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            Providers bid once this {summary.product} is published.
          </Alert>
        )}
        {published && bids.isPending && (
          <Center mih={120} aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
        {bids.isError && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            The bids of this {summary.product} are not open to you.
          </Alert>
        )}
        {userType === 'customer' && bids.data && (view.status === 'active' || view.status === 'review') && bidList.some((bid) => bid.status === 'active') && (
          <Alert color="blue" icon={<IconInfoCircle />} title="Choosing a bid">
            {acceptingExplained}
          </Alert>
        )}
        {bids.data && (
          <PostBids
            bids={bidList}
            postUuid={uuid}
            acceptOfferOf={(bid: BidView) => acceptOfferFor(acceptor, view.status, bid.status)}
            isOwn={isOwn}
            mayOpen={(bid: BidView) => admin || isOwn(bid)}
            forCustomer={userType === 'customer'}
          />
        )}
        {/* spec 1 §2: notes are hidden from customers; providers keep them on the posts they bid on (docs/post-notes.md). */}
        {(admin || bidList.some(isOwn)) && <PostNotes postUuid={uuid} admin={admin} />}
      </Stack>
      {children}
    </>
  );
}
