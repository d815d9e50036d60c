import { Alert, Box } from '@mantine/core';
import { useState } from 'react';
import type { BidTemplateView } from '../../../contracts/bid-template';
import { TemplatePicker } from '../../features/bid-templates/components/template-picker';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { useBidPost } from '../../features/bids/api/get-bid-post';
import { bidTypesFor } from '../../features/bids/bid-actions';
import { type BidFormValues, bidFormValuesOf, emptyBidFormValues } from '../../components/bid-form/bid-form-values';
import { bidPostSummaryOf } from '../../features/bids/bid-post-summary';
import { BidForm } from '../../features/bids/components/bid-form';
import { useSession } from '../../lib/session';
import { postBidRoute } from './post-bid.route';
import { bidToasts } from '../../../contracts/bid';

// spec 1 §2 "/post/{uuid}/bid": a provider places a bid on an active post; anyone else goes to the dashboard
// (spec 1 §2 "Access behaviour", §6 "only fsp may place a bid").

const crumbs = ['Posts', 'Place a bid'];

function bidFormValuesFromTemplate(template: BidTemplateView): BidFormValues {
  const values = bidFormValuesOf({ ...template.home_loan_bid_template, home_loan_bid_template_uuid: template.uuid });
  return { ...values, amount: '', required_documents: values.required_documents.map((document) => ({ ...document, uuid: null })) };
}

export function PostBidPage() {
  const { uuid } = postBidRoute.useParams();
  const { data } = useBidPost(uuid);
  const session = useSession();
  const navigate = useNavigate();
  const post = bidPostSummaryOf(data);
  const [template, setTemplate] = useState<BidTemplateView | null>(null);
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

  // A bid from a template offers the post's own amount, and its documents are the bid's own (new ids).
  const fromTemplate = template ? { values: bidFormValuesFromTemplate(template), organisation_uuid: template.organisation_uuid } : null;
  const bidTypes = bidTypesFor(
    { anonymous: session.can('create_anonymous_bid'), retention: session.can('create_retention_bid') },
    organisationUuid,
    post.currentLenderUuid,
  );
  return (
    <>
      <PageHeader title="Place a bid" crumbs={crumbs} />
      <Box mb="md">
        <TemplatePicker value={template?.uuid ?? null} onChange={setTemplate} />
      </Box>
      <BidForm
        // A template chosen (or cleared) starts the form again from its terms.
        key={template?.uuid ?? 'empty'}
        post={post}
        target={{ kind: 'place', homeLoanUuid: post.homeLoanUuid }}
        context={{ organisation_uuid: fromTemplate?.organisation_uuid ?? organisationUuid, home_loan_bid_template_uuid: template?.uuid ?? null, provider_uuid: session.user.uuid, product: null }}
        initialValues={fromTemplate?.values ?? emptyBidFormValues()}
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
