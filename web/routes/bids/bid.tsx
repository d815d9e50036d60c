import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBan, IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { bidTypes as allBidTypes } from '../../../domain/bid/schemas';
import type { BidView } from '../../../contracts/bid';
import { PlacedAutomatically } from '../../components/placed-automatically';
import { DetailItem } from '../../components/detail-item';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { useBid } from '../../features/bids/api/get-bid';
import { bidPostQueryOptions } from '../../features/bids/api/get-bid-post';
import { bidActionsFor, bidTypesFor } from '../../features/bids/bid-actions';
import { bidNameOf } from '../../features/bids/bid-name';
import { bidFormValuesOf } from '../../components/bid-form/bid-form-values';
import { type BidPostSummary, bidPostSummaryOf } from '../../features/bids/bid-post-summary';
import { AutoBidImprovements } from '../../features/bids/components/auto-bid-improvements';
import { BidForm } from '../../features/bids/components/bid-form';
import { BidStatusBadge } from '../../features/bids/components/bid-status-badge';
import { BidTerms } from '../../features/bids/components/bid-terms';
import { CancelBidModal } from '../../features/bids/components/cancel-bid-modal';
import { LoanSummary } from '../../features/bids/components/loan-summary';
import { useConfirmDeleteBid } from '../../features/bids/components/use-confirm-delete-bid';
import { WhyThisBid } from '../../features/bids/components/why-this-bid';
import { dealKeys } from '../../features/deals/api/deal-keys';
import { dealQueryOptions } from '../../features/deals/api/get-deal';
import { dealTitleOf } from '../../features/deals/deal-labels';
import { useSession } from '../../lib/session';
import { bidRoute } from './bid.route';

// spec 1 §2 "/post/bid/{uuid}/{mode}": view or edit a bid. Another mode says 'Invalid Page Mode!' and returns to the
// list (spec 3 §8); customers go to the dashboard (spec 1 §2), and so does a bid that fails to load. Opened from a
// deal's "Update bid" (`?deal={uuid}`, spec 1 §2 "Deal detail"), the edit is titled so and goes back to that deal.

export function BidPage() {
  const { uuid, mode } = bidRoute.useParams();
  const { deal } = bidRoute.useSearch();
  const { data: bid } = useBid(uuid);
  const { data: post } = useQuery({ ...bidPostQueryOptions(bid.post_id), select: bidPostSummaryOf });
  const session = useSession();
  const actions = bidActionsFor(bid, { ...session.user, cancelsOwnBids: session.can('cancel_active_bids') });
  const bidsCrumb = (
    <AnchorLink to="/bids" size="sm" c="dimmed">
      {session.user.user_type === 'admin' ? 'Bids' : 'My Bids'}
    </AnchorLink>
  );

  if (mode === 'edit' && deal) {
    const dealsCrumb = (
      <AnchorLink to="/deals" size="sm" c="dimmed">
        {session.user.user_type === 'admin' ? 'Deals' : 'My Deals'}
      </AnchorLink>
    );
    const dealCrumb = (
      <AnchorLink to="/deals/$uuid" params={{ uuid: deal }} size="sm" c="dimmed">
        <DealTitle uuid={deal} />
      </AnchorLink>
    );
    return (
      <>
        <PageHeader title="Update bid" crumbs={[dealsCrumb, dealCrumb, 'Update bid']} />
        <EditBid bid={bid} post={post} canEdit={actions.edit} dealUuid={deal} />
      </>
    );
  }
  if (mode === 'edit') {
    return (
      <>
        <PageHeader title="Edit bid" crumbs={[bidsCrumb, 'Edit']} />
        <EditBid bid={bid} post={post} canEdit={actions.edit} />
      </>
    );
  }
  return <ViewBid bid={bid} post={post} actions={actions} crumbs={[bidsCrumb, 'View']} />;
}

function ViewBid({ bid, post, actions, crumbs }: { bid: BidView; post: BidPostSummary | undefined; actions: ReturnType<typeof bidActionsFor>; crumbs: ReactNode[] }) {
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { confirmDelete, deleting } = useConfirmDeleteBid();
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm">
            <span>{bidNameOf(bid)}</span>
            <BidStatusBadge bid={bid} />
            {/* A cancelled bid's place label is 'Cancelled', which its status already says. */}
            {bid.place_label && bid.status !== 'cancelled' && (
              <Badge variant="outline" color="gray" title="Place among the post's bids" data-testid="place-label">
                {bid.place_label}
              </Badge>
            )}
          </Group>
        }
        crumbs={crumbs}
        actions={
          <>
            {actions.edit && (
              <ButtonLink to="/post/bid/$uuid/$mode" params={{ uuid: bid.uuid, mode: 'edit' }} leftSection={<IconPencil size={16} />}>
                Edit
              </ButtonLink>
            )}
            {actions.cancel && (
              <Button color="orange" variant="light" leftSection={<IconBan size={16} />} onClick={() => setCancelling(bid.uuid)}>
                Cancel bid
              </Button>
            )}
            {actions.delete && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={deleting}
                onClick={() => confirmDelete(bid.uuid, () => void navigate({ to: '/bids' }))}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <BidTerms bid={bid} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper p="lg" withBorder>
              <Stack gap="sm">
                <Title order={4}>Bidder</Title>
                <DetailItem label="Organisation">{bid.organisation?.name ?? 'Hidden (anonymous bid)'}</DetailItem>
                {bid.provider?.full_name && <DetailItem label="Provider">{bid.provider.full_name}</DetailItem>}
                <PlacedAutomatically bid={bid} />
                <AutoBidImprovements bid={bid} />
                {bid.winning && <Badge color="green">Winning bid</Badge>}
              </Stack>
            </Paper>
            {post && <LoanSummary post={post} bid={{ interest_rate: bid.interest_rate, amount: bid.home_loan_bid.amount ?? '', bid_type: bid.bid_type }} />}
          </Stack>
        </Grid.Col>
        {bid.auto_bid_why && (
          <Grid.Col span={12}>
            <WhyThisBid why={bid.auto_bid_why} />
          </Grid.Col>
        )}
      </Grid>
      <CancelBidModal bidUuid={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** `dealUuid`: opened from that deal's "Update bid"; leaving or saving goes back to the deal, which reads the new terms. */
function EditBid({ bid, post, canEdit, dealUuid }: { bid: BidView; post: BidPostSummary | undefined; canEdit: boolean; dealUuid?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const organisationUuid = bid.home_loan_bid.organisation_uuid ?? bid.organisation?.uuid ?? null;
  const toView = () =>
    void (dealUuid ? navigate({ to: '/deals/$uuid', params: { uuid: dealUuid } }) : navigate({ to: '/post/bid/$uuid/$mode', params: { uuid: bid.uuid, mode: 'view' } }));
  if (!canEdit || !post || organisationUuid === null) {
    return (
      <Alert color="gray" icon={<IconInfoCircle />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {canEdit ? 'The post of this bid cannot be opened, so the bid cannot be changed here.' : 'Only an active bid or the bid of an open deal can be changed, by its provider or an admin.'}
          </Text>
          <Button size="xs" variant="light" onClick={toView}>
            {dealUuid ? 'Back to the deal' : 'View the bid'}
          </Button>
        </Stack>
      </Alert>
    );
  }
  // The bid keeps its type; the others follow the provider's permissions (an admin edits any type it finds).
  const permitted =
    session.user.user_type === 'admin'
      ? allBidTypes
      : bidTypesFor({ anonymous: session.can('create_anonymous_bid'), retention: session.can('create_retention_bid') }, organisationUuid, post.currentLenderUuid);
  const bidTypes = allBidTypes.filter((type) => type === bid.bid_type || permitted.includes(type));
  return (
    <BidForm
      post={post}
      target={{ kind: 'edit', bidUuid: bid.uuid }}
      context={{
        organisation_uuid: organisationUuid,
        home_loan_bid_template_uuid: bid.home_loan_bid.home_loan_bid_template_uuid,
        provider_uuid: bid.provider?.uuid ?? null,
        product: bid.financial_institution_product,
      }}
      initialValues={bidFormValuesOf(bid.home_loan_bid)}
      bidTypes={bidTypes}
      submitLabel="Save the bid"
      onSaved={() => {
        notifications.show({ color: 'teal', title: 'Success!', message: 'Your bid was updated.' });
        // The deal page shows the bid's terms: marked stale here (at once), so it reads them again when it opens.
        if (dealUuid) void queryClient.invalidateQueries({ queryKey: dealKeys.detail(dealUuid) });
        toView();
      }}
      onCancel={toView}
    />
  );
}

/** The deal's title for the breadcrumb, once the deal is read ("Deal" until then). */
function DealTitle({ uuid }: { uuid: string }) {
  const { data } = useQuery(dealQueryOptions(uuid));
  return <>{data ? dealTitleOf(data) : 'Deal'}</>;
}
