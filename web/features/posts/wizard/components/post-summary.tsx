import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { localityLabel } from '../../../../../domain/address/schemas';
import { totalYearlyIncome } from '../../../../../domain/post/calculations';
import { featurePreferences, lenderTypePreferences, urgencyLabels } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { AnchorLink } from '../../../../components/router-link';
import { formatAud, formatRate } from '../../../../lib/format';
import {
  creditHistoryLabels,
  currentRateTypeLabels,
  expensePeriodLabels,
  expenseSections,
  featureLabels,
  incomePeriodLabels,
  incomeTypeLabels,
  lenderTypeLabels,
  loanPurposeLabels,
  loanTypeLabels,
  preferenceValueLabels,
  preferredRateTypeLabels,
  repaymentTypeLabels,
} from '../wizard-labels';
import { type StepNumber, stepOf } from '../wizard-steps';

const money = (value: number | null) => (value === null ? '—' : formatAud(value));
const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One step's answers, with the link that opens the step again. */
function Section({ step, children }: { step: StepNumber; children: ReactNode }) {
  const { title, path } = stepOf(step);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <AnchorLink to={path} size="sm" aria-label={`Edit ${title}`}>
          <Group gap={4}>
            <IconPencil size={14} /> Edit
          </Group>
        </AnchorLink>
      </Group>
      {children}
    </Paper>
  );
}

/** Everything the post says, step by step (the overview, spec 2 §2 step 7). */
export function PostSummary({ post }: { post: PostView }) {
  const loan = post.primary_home_loan;
  const preferences = loan?.home_loan_preferences;
  const names = new Map(post.applicants.map((a) => [a.uuid, a.full_name ?? `Applicant ${a.number}`]));
  const incomes = post.applicants.flatMap((a) => a.incomes);
  const counted = incomes.flatMap((i) => (i.value !== null && i.period ? [{ value: i.value, period: i.period }] : []));
  return (
    <Stack gap="md">
      <Section step={1}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label="How soon">{post.urgency ? urgencyLabels[post.urgency] : '—'}</Item>
          <Item label="Loan">{loan?.loan_type ? loanTypeLabels[loan.loan_type] : '—'}</Item>
          <Item label="Property">{loan?.loan_purpose ? loanPurposeLabels[loan.loan_purpose] : '—'}</Item>
        </SimpleGrid>
      </Section>
      <Section step={2}>
        {preferences ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Item label="Lenders">
              {lenderTypePreferences.filter((key) => preferences[key] !== 'no').map((key) => lenderTypeLabels[key]).join(', ') || '—'}
            </Item>
            <Item label="Rate and repayments">
              {preferences.rate_type ? `${preferredRateTypeLabels[preferences.rate_type]} rate` : '—'}
              {preferences.repayment_type ? `, ${repaymentTypeLabels[preferences.repayment_type].toLowerCase()} repayments` : ''}
            </Item>
            <Item label={preferenceValueLabels.yes}>
              {featurePreferences.filter((key) => preferences[key] === 'yes').map((key) => featureLabels[key]).join(', ') || 'Nothing in particular'}
            </Item>
          </SimpleGrid>
        ) : (
          <Text size="sm">Not answered yet.</Text>
        )}
      </Section>
      <Section step={3}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label="Loan amount">{money(loan?.loan_amount ?? null)}</Item>
          <Item label="Property value">{money(loan?.property_market_value ?? null)}</Item>
          <Item label="LVR">{post.lvr === null ? '—' : formatRate(post.lvr)}</Item>
          <Item label="You live in">{loan?.user_address ? localityLabel(loan.user_address) : '—'}</Item>
          {loan?.loan_purpose === 'investment' && (
            <Item label="The property is in">{loan.property_address ? localityLabel(loan.property_address) : loan.suburb_not_known_yet ? 'Not known yet' : '—'}</Item>
          )}
          {loan?.loan_type === 'refinance' && (
            <>
              <Item label="Current lender">{loan.organisation ?? '—'}</Item>
              <Item label="Current rate">
                {loan.interest_rate === null ? '—' : formatRate(loan.interest_rate)}
                {loan.rate_type ? `, ${currentRateTypeLabels[loan.rate_type].toLowerCase()}` : ''}
              </Item>
              <Item label="Would stay for a better deal">{yesNo(loan.retention)}</Item>
            </>
          )}
          {loan?.loan_type === 'new_loan' && (
            <>
              <Item label="Property found">{yesNo(loan.purchase_property_found)}</Item>
              <Item label="Off the plan">{yesNo(loan.off_the_plan_property)}</Item>
            </>
          )}
        </SimpleGrid>
      </Section>
      <Section step={4}>
        <Stack gap="xs">
          {post.applicants.map((a) => (
            <Text key={a.uuid} size="sm">
              <strong>{a.full_name ?? `Applicant ${a.number}`}</strong>, born {a.date_of_birth ?? '—'}, {a.credit_history ? creditHistoryLabels[a.credit_history].toLowerCase() : '—'} credit history
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            Dependants: {loan?.number_of_dependants ?? '—'}
          </Text>
        </Stack>
      </Section>
      <Section step={5}>
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Item label="Cash savings">{money(loan?.cash_savings ?? null)}</Item>
            <Item label="Equity in another property">{yesNo(loan?.equity_from_another_property ?? null)}</Item>
            <Item label="Incomes a year">{formatAud(totalYearlyIncome(counted))}</Item>
          </SimpleGrid>
          {incomes.map((i) => (
            <Text key={i.uuid} size="sm">
              {names.get(i.applicant_uuid)}: {i.income_type ? incomeTypeLabels[i.income_type] : '—'}
              {i.description ? ` (${i.description})` : ''}, {money(i.value)} {i.period ? incomePeriodLabels[i.period].toLowerCase() : ''}
            </Text>
          ))}
        </Stack>
      </Section>
      <Section step={6}>
        <Stack gap="xs">
          {post.expenses.length === 0 && <Text size="sm">No expenses yet.</Text>}
          {post.expenses.map((e) => (
            <Text key={e.uuid} size="sm">
              {expenseSections.find((s) => s.type === e.expense_type)?.title ?? 'Expense'}: {money(e.value)}
              {e.period ? ` ${expensePeriodLabels[e.period].toLowerCase()}` : ''}
              {e.expense_type === 'credit_card_limits' ? ` limit, ${money(e.balance_owing)} owing` : ''}
              {e.repayment !== null ? `, repaying ${money(e.repayment)}` : ''} — {e.applicants.map((id) => names.get(id)).join(' and ')}
            </Text>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
