import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { DealSummaryView } from '../../../../contracts/deal';
import { AnchorLink } from '../../../components/router-link';
import { formatAud, formatDate } from '../../../lib/format';
import { postTitleOf } from '../../../lib/post-title';
import { loanTypeLabels } from '../../../../domain/post/labels';
import { useOrganisationName, useUserSummary } from '../api/filter-options';
import { notProceedingReasonLabels } from '../deal-labels';

/** The card's title: the customer (for the winning provider and admins), else the loan. */
function titleOf(deal: DealSummaryView): string {
  if (deal.customer_name) return deal.customer_name;
  return deal.post?.loan_type ? `${loanTypeLabels[deal.post.loan_type]} deal` : 'Deal';
}

/** The post's name (web/lib/post-title.ts): "Refinance · $450,000 · Bondi NSW". */
const postLineOf = (deal: DealSummaryView): string | null => (deal.post ? postTitleOf(deal.post, '') || null : null);

/** A deal on the board: who and what (spec 1 §2), its value with the label, its dates, and for admins who holds it. */
export function DealCard({ deal, showProvider }: { deal: DealSummaryView; showProvider: boolean }) {
  const postLine = postLineOf(deal);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="deal-card" data-deal={deal.uuid}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <AnchorLink to="/deals/$uuid" params={{ uuid: deal.uuid }} fw={600} size="sm">
            {titleOf(deal)}
          </AnchorLink>
          {deal.external && (
            <Badge size="xs" variant="light" color="grape">
              External
            </Badge>
          )}
        </Group>
        {postLine && (
          <Text size="xs" c="dimmed" data-testid="deal-post">
            {postLine}
          </Text>
        )}
        <div>
          <Text size="xs" c="dimmed">
            {deal.value_label}
          </Text>
          <Text fw={700} data-testid="deal-value">
            {formatAud(deal.value)}
          </Text>
          {deal.value_label !== 'Loan Amount' && (
            <Text size="xs" c="dimmed">
              Loan amount {formatAud(deal.loan_amount)}
            </Text>
          )}
        </div>
        {deal.not_proceeding_reason && (
          <Text size="xs">
            <Text span c="dimmed" size="xs">
              Reason:{' '}
            </Text>
            {notProceedingReasonLabels[deal.not_proceeding_reason]}
          </Text>
        )}
        {showProvider && <ProviderLine providerId={deal.provider_id} organisationId={deal.organisation_id} />}
        <Text size="xs" c="dimmed">
          Accepted {formatDate(deal.opened_at)} · Last activity {formatDate(deal.last_activity_date)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The deal's provider and the organisation the bid was made for (the deal's, which the provider may have left). */
function ProviderLine({ providerId, organisationId }: { providerId: string; organisationId: string }) {
  const provider = useUserSummary(providerId);
  const organisation = useOrganisationName(organisationId);
  if (!provider.data) return <Text size="xs" c="dimmed">Provider…</Text>;
  return (
    <Text size="xs" data-testid="deal-provider">
      {provider.data.name}
      {organisation.data && (
        <Text span size="xs" c="dimmed">
          {' '}
          · {organisation.data}
        </Text>
      )}
    </Text>
  );
}
