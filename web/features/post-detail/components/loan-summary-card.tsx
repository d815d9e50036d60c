import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { featurePreferences } from '../../../../domain/post/schemas';
import { CreditBandBadge } from '../../../components/credit-band-badge';
import { DetailItem } from '../../../components/detail-item';
import { formatAud, formatDate, formatRate } from '../../../lib/format';
import { currentRateTypeLabels, featureLabels, loanPurposeLabels, loanTypeLabels, preferenceValueLabels, preferredRateTypeLabels, repaymentTypeLabels } from '../../../../domain/post/labels';
import { type PostSummary, placeText } from '../post-summary';

const orDash = (text: string | null | undefined) => (text ? text : '—');

/**
 * The loan summary of the post page (spec 1 §2): loan, property, preferences, the credit band and the dates.
 * `showFlexibleNotice`: provider-type users see a notice when the customer is not flexible (spec 1 §2).
 */
export function LoanSummaryCard({ summary, showFlexibleNotice }: { summary: PostSummary; showFlexibleNotice: boolean }) {
  const preferences = summary.preferences;
  const features = preferences ? featurePreferences.filter((key) => preferences[key] === 'yes' || preferences[key] === 'optional') : [];
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Loan summary</Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Credit band
            </Text>
            <CreditBandBadge bandKey={summary.creditBandKey} />
          </Group>
        </Group>
        {showFlexibleNotice && preferences?.flexible === false && (
          <Alert color="yellow" icon={<IconInfoCircle />} data-testid="not-flexible-notice">
            This customer is not flexible: bid only with an offer that meets the preferences below.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <DetailItem label="Loan type">{summary.loanType ? loanTypeLabels[summary.loanType] : '—'}</DetailItem>
          <DetailItem label="Loan amount">
            <span data-testid="summary-loan-amount">{summary.loanAmount === null ? '—' : formatAud(summary.loanAmount)}</span>
          </DetailItem>
          <DetailItem label="Market value">{summary.marketValue === null ? '—' : formatAud(summary.marketValue)}</DetailItem>
          <DetailItem label="LVR">
            <span data-testid="summary-lvr">{summary.lvr === null ? '—' : formatRate(summary.lvr)}</span>
          </DetailItem>
          <DetailItem label="Purpose">{summary.loanPurpose ? loanPurposeLabels[summary.loanPurpose] : '—'}</DetailItem>
          <DetailItem label="Property">{orDash(placeText(summary.place))}</DetailItem>
          {summary.loanType === 'refinance' && (
            <>
              <DetailItem label="Current lender">{orDash(summary.currentLender)}</DetailItem>
              <DetailItem label="Current rate">
                {summary.currentRate === null ? '—' : formatRate(summary.currentRate)}
                {summary.currentRateType ? ` ${currentRateTypeLabels[summary.currentRateType].toLowerCase()}` : ''}
              </DetailItem>
            </>
          )}
          <DetailItem label="Preferred rate type">{preferences?.rate_type ? preferredRateTypeLabels[preferences.rate_type] : '—'}</DetailItem>
          <DetailItem label="Repayment type">{preferences?.repayment_type ? repaymentTypeLabels[preferences.repayment_type] : '—'}</DetailItem>
          <DetailItem label="Posted">{orDash(formatDate(summary.publishedAt ?? summary.createdAt))}</DetailItem>
          <DetailItem label="Bidding ends">{orDash(formatDate(summary.biddingEndsAt))}</DetailItem>
        </SimpleGrid>
        {features.length > 0 && preferences && (
          <DetailItem label="Preferences">
            {features.map((key) => `${featureLabels[key]} (${preferenceValueLabels[preferences[key] ?? 'optional'].toLowerCase()})`).join(', ')}
          </DetailItem>
        )}
      </Stack>
    </Paper>
  );
}
