import { Alert, Autocomplete, Checkbox, Group, NumberInput, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasLoanToValueWarning, loanToValueRatio } from '../../../../../domain/post/calculations';
import { currentRateTypes, expensePeriods, postMessages } from '../../../../../domain/post/schemas';
import { formatAud, formatRate } from '../../../../lib/format';
import { lendersQueryOptions } from '../api/application-api';
import { StepFrame } from './step-frame';
import { useStep } from './use-step';
import { postHints } from '../../post-hints';
import { organisationNameMaxLength } from '../../../../../domain/shared/limits';

// The loan's amounts, the current loan of a refinance, the purchase of a new loan, and the living costs.

/** A NumberInput's value as an answer: empty is no answer. */
const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value));

const amountQuestions = {
  'property-market-value': { field: 'property_market_value', title: 'What is the property worth?', description: 'Your best estimate of its market value today.' },
  'loan-amount': { field: 'loan_amount', title: 'How much would you like to borrow?', description: postHints.loanAmountSentence },
  'cash-savings': { field: 'cash_savings', title: 'How much do you have in cash savings?', description: 'Enter 0 if you have none.' },
} as const;
export type AmountStepName = keyof typeof amountQuestions;

export function AmountStep({ step }: { step: AmountStepName }) {
  const question = amountQuestions[step];
  const { answers, next, errorOf, frame } = useStep(step);
  const [value, setValue] = useState<string | number>(answers[question.field] ?? '');
  const amount = numberOrNull(value);
  const marketValue = answers.property_market_value;
  const showRatio = step === 'loan-amount' && amount !== null && amount > 0 && marketValue !== null && marketValue > 0;
  return (
    <StepFrame
      title={question.title}
      description={question.description}
      {...frame}
      onNext={() => void next({ [question.field]: amount })}
    >
      <NumberInput
        label="Amount in AUD"
        size="lg"
        prefix="$"
        thousandSeparator=","
        decimalScale={0}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        autoFocus
        value={value}
        onChange={setValue}
        // The LVR rule answers on the market value; on this step it is about the amount typed here.
        error={step === 'loan-amount' ? errorOf('loan_amount', 'property_market_value') : errorOf(question.field)}
      />
      {showRatio && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            That is {formatRate(loanToValueRatio(amount, marketValue))} of the property value ({formatAud(marketValue)}).
          </Text>
          {hasLoanToValueWarning(amount, marketValue) && (
            <Alert color="yellow" variant="light">
              {postMessages.lvrWarning}
            </Alert>
          )}
        </Stack>
      )}
    </StepFrame>
  );
}

const rateTypeLabels = { fixed: 'Fixed', variable: 'Variable', split: 'Split' } as const;

export function InterestRateStep() {
  const { answers, next, errorOf, frame } = useStep('interest-rate');
  const [rate, setRate] = useState<string | number>(answers.interest_rate ?? '');
  const [rateType, setRateType] = useState(answers.rate_type);
  const [confirmed, setConfirmed] = useState(answers.fixed_rate_checkbox);
  return (
    <StepFrame
      title="What is your current interest rate?"
      description="You find it on your latest loan statement."
      {...frame}
      onNext={() => void next({ interest_rate: numberOrNull(rate), rate_type: rateType, fixed_rate_checkbox: confirmed })}
    >
      <NumberInput
        label="Interest rate"
        size="lg"
        suffix="%"
        decimalScale={2}
        allowNegative={false}
        hideControls
        inputMode="decimal"
        autoFocus
        value={rate}
        onChange={setRate}
        error={errorOf('interest_rate')}
      />
      <Radio.Group label="Rate type" size="lg" value={rateType} onChange={(value) => setRateType(value as typeof rateType)} error={errorOf('rate_type')}>
        <Group mt="xs" gap="xl">
          {currentRateTypes.map((type) => (
            <Radio key={type} value={type} label={rateTypeLabels[type]} />
          ))}
        </Group>
      </Radio.Group>
      <Checkbox
        size="md"
        label="I understand that leaving a fixed rate early may cost a break fee"
        checked={confirmed}
        onChange={(event) => setConfirmed(event.currentTarget.checked)}
        error={errorOf('fixed_rate_checkbox')}
      />
    </StepFrame>
  );
}

const yesNoValue = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

export function PurchaseStep() {
  const { answers, next, errorOf, frame } = useStep('purchase');
  const [found, setFound] = useState(answers.purchase_property_found);
  const [offThePlan, setOffThePlan] = useState(answers.off_the_plan_property);
  const question = (label: string, value: boolean | null, onChange: (value: boolean) => void, error: string | undefined) => (
    <Radio.Group label={label} size="lg" value={yesNoValue(value)} onChange={(picked) => onChange(picked === 'yes')} error={error}>
      <Group mt="xs" gap="xl">
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
  return (
    <StepFrame
      title="Tell us about the purchase"
      {...frame}
      onNext={() => void next({ purchase_property_found: found, off_the_plan_property: offThePlan })}
    >
      {question('Have you found the property?', found, setFound, errorOf('purchase_property_found'))}
      {question('Is it bought off the plan?', offThePlan, setOffThePlan, errorOf('off_the_plan_property'))}
    </StepFrame>
  );
}

export function OrganisationStep() {
  const { answers, next, errorOf, frame } = useStep('organisation');
  const [name, setName] = useState(answers.organisation);
  /** Set when the name was picked from the directory (or typed exactly as it has it). */
  const [uuid, setUuid] = useState(answers.organisation_uuid);
  // spec 2 §7: searches wait 400 ms after the last key.
  const [search] = useDebouncedValue(name.trim(), 400);
  const lenders = useQuery({ ...lendersQueryOptions(search), placeholderData: keepPreviousData });
  const entries = lenders.data ?? [];
  return (
    <StepFrame
      title="Who is your current lender?"
      description="Pick it from the list; if it is not there, type its name."
      {...frame}
      onNext={() => void next({ organisation: name, organisation_uuid: uuid })}
    >
      <Autocomplete
        label="Current lender"
        size="lg"
        autoFocus
        maxLength={organisationNameMaxLength}
        data={[...new Set(entries.map((entry) => entry.name))]}
        // The directory already searched by name on the server.
        filter={({ options }) => options}
        value={name}
        onChange={(value) => {
          setName(value);
          setUuid(entries.find((entry) => entry.name === value.trim())?.uuid ?? null);
        }}
        error={errorOf('organisation', 'organisation_uuid')}
      />
    </StepFrame>
  );
}

const periodLabels = { weekly_expenses_period: 'Weekly', fortnightly_expenses_period: 'Fortnightly', monthly_expenses_period: 'Monthly' } as const;

export function ExpensesStep() {
  const { answers, next, errorOf, frame } = useStep('expenses');
  const [value, setValue] = useState<string | number>(answers.living_expenses ?? '');
  const [period, setPeriod] = useState(answers.living_expenses_period);
  return (
    <StepFrame
      title="What does your household spend on living costs?"
      description="Food, bills, transport, school and the like, for everyone applying. Leave out rent and loan repayments."
      {...frame}
      onNext={() => void next({ living_expenses: numberOrNull(value), living_expenses_period: period })}
    >
      <SegmentedControl
        size="md"
        fullWidth
        aria-label="Period"
        data={expensePeriods.map((p) => ({ value: p, label: periodLabels[p] }))}
        value={period}
        onChange={(picked) => setPeriod(picked as typeof period)}
      />
      <NumberInput
        label="Living costs in AUD"
        size="lg"
        prefix="$"
        thousandSeparator=","
        decimalScale={0}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        autoFocus
        value={value}
        onChange={setValue}
        error={errorOf('value', 'period')}
      />
    </StepFrame>
  );
}
