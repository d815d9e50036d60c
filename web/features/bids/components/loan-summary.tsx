import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { bidRepayments } from '../../../../domain/bid/rules';
import { type BidType, formatPercent } from '../../../../domain/bid/schemas';
import { retentionTermYears, repaymentTermYears } from '../../../../domain/post/calculations';
import { formatAud, formatDate, formatRate } from '../../../lib/format';
import { loanPurposeLabels, loanTypeLabels } from '../../../components/bid-form/bid-labels';
import type { BidPostSummary } from '../bid-post-summary';

type Props = {
  post: BidPostSummary;
  /** The bid as it is typed: the estimate follows every keystroke. */
  bid: { interest_rate: number | ''; amount: number | ''; bid_type: BidType };
};

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The post's loan beside the bid form, with the monthly repayment and the customer's saving at the typed rate
 * (spec 1 §9: over 30 years in the bid form; a retention bid over 25).
 */
export function LoanSummary({ post, bid }: Props) {
  const loanAmount = typeof bid.amount === 'number' && bid.amount > 0 ? bid.amount : post.loanAmount;
  const estimate = loanAmount !== null && typeof bid.interest_rate === 'number' && bid.interest_rate > 0 ? bidRepayments(loanAmount, bid.interest_rate, post.currentRate, bid.bid_type) : null;
  const years = bid.bid_type === 'retention' ? retentionTermYears : repaymentTermYears;
  const saving = estimate?.monthly_savings ?? null;
  return (
    <Paper p="lg" withBorder pos="sticky" top={80}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Loan summary</Title>
          {post.creditBand && (
            <Badge color={post.creditBand.colour} variant="filled" autoContrast>
              {post.creditBand.label}
            </Badge>
          )}
        </Group>
        <Row label="Loan type" value={post.loanType ? loanTypeLabels[post.loanType] : '—'} />
        <Row label="Purpose" value={post.loanPurpose ? loanPurposeLabels[post.loanPurpose] : '—'} />
        <Row label="Loan amount" value={post.loanAmount !== null ? formatAud(post.loanAmount) : '—'} />
        <Row label="Property value" value={post.propertyMarketValue !== null ? formatAud(post.propertyMarketValue) : '—'} />
        <Row label="LVR" value={post.lvr !== null ? formatPercent(post.lvr) : '—'} testId="summary-lvr" />
        {post.currentRate !== null && <Row label="Current rate" value={formatRate(post.currentRate)} />}
        {post.currentLender && <Row label="Current lender" value={post.currentLender} />}
        {post.splitRequested && <Row label="Rate type asked" value="Split" />}
        {post.place && <Row label="Property" value={post.place} />}
        {post.biddingEndsOn && <Row label="Bidding ends" value={formatDate(post.biddingEndsOn)} />}
        <Divider label={`Your offer over ${years} years`} labelPosition="left" />
        <Row label="Monthly repayment" value={estimate ? formatAud(estimate.monthly_repayment) : '—'} testId="monthly-repayment" />
        {estimate?.current_repayment != null && <Row label="Current repayment" value={formatAud(estimate.current_repayment)} />}
        {saving !== null && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {saving >= 0 ? 'Monthly savings' : 'Costs more a month'}
            </Text>
            <Text size="sm" fw={700} c={saving >= 0 ? 'teal' : 'red'} data-testid="monthly-savings">
              {formatAud(Math.abs(saving))}
            </Text>
          </Group>
        )}
        {!estimate && (
          <Text size="xs" c="dimmed">
            Enter the interest rate to see the repayment.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
