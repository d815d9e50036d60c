import { Badge, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { DealView } from '../../../contracts/deal';
import { DetailItem } from '../../components/detail-item';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useDeal } from '../../features/deals/api/get-deal';
import { DealActivities } from '../../features/deals/components/deal-activities';
import { mayUpdateDealBid } from '../../features/deals/deal-actions';
import { DealBidDetail } from '../../features/deals/components/deal-bid-detail';
import { DealContactPreference } from '../../features/deals/components/deal-contact-preference';
import { DealHistoryPanel } from '../../features/deals/components/deal-history-panel';
import { DealCustomer, DealProvider } from '../../features/deals/components/deal-people';
import { stageColours, stageTitles } from '../../components/deal-stage';
import { dealTitleOf } from '../../features/deals/deal-labels';
import { formatAud, formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { dealViewerOf, todayIso } from './deals-access';
import { dealRoute } from './deal.route';

// spec 1 §2 "/deals/{uuid}": the deal's activities, bid detail, contact preferences, provider detail and user
// information; admins also read the deal's history. A deal that fails to load sends the user to the dashboard.

export function DealPage() {
  const { uuid } = dealRoute.useParams();
  const { data: deal } = useDeal(uuid);
  const session = useSession();
  const viewer = dealViewerOf(session);
  const title = viewer === 'admin' ? 'Deals' : 'My Deals';
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm">
            <span>{dealTitleOf(deal)}</span>
            <Badge color={stageColours[deal.stage]} data-testid="deal-stage">
              {stageTitles[deal.stage].title}
            </Badge>
            {deal.external && (
              <Badge variant="light" color="grape">
                External
              </Badge>
            )}
          </Group>
        }
        crumbs={[
          <AnchorLink key="deals" to={deal.stage === 'closed_lost' ? '/lost-deals' : '/deals'} size="sm" c="dimmed">
            {title}
          </AnchorLink>,
          'Deal',
        ]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <DealActivities deal={deal} today={todayIso()} />
            <DealBidDetail bid={deal.bid} dealUuid={deal.uuid} canUpdate={mayUpdateDealBid(deal, session.user)} />
            {viewer === 'admin' && <DealHistoryPanel dealUuid={deal.uuid} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <DealValue deal={deal} />
            <DealContactPreference preference={deal.contact_preference} />
            <DealProvider provider={deal.provider} />
            <DealCustomer customer={deal.customer} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** The deal value with its label (spec 1 §2): 'Closed Won Value', 'Application Value' or 'Loan Amount'. */
function DealValue({ deal }: { deal: DealView }) {
  return (
    <Paper p="lg" withBorder>
      <Stack gap="sm">
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.3} data-testid="deal-value-label">
            {deal.value_label}
          </Text>
          <Text fz={28} fw={700} data-testid="deal-value">
            {formatAud(deal.value)}
          </Text>
        </div>
        {deal.value_label !== 'Loan Amount' && <DetailItem label="Loan amount">{formatAud(deal.loan_amount)}</DetailItem>}
        <DetailItem label="Accepted">{formatDate(deal.opened_at)}</DetailItem>
        <DetailItem label="Last activity">{formatDate(deal.last_activity_date)}</DetailItem>
      </Stack>
    </Paper>
  );
}
