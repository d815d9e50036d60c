import { Alert, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { creditHistories, postLimits } from '../../../../../domain/post/schemas';
import { type ApplicantAnswer, emptyApplicant } from '../answers';
import { incomeSourceKeys, incomeSources } from '../income-sources';
import { StepFrame } from './step-frame';
import { useStep } from './use-step';

// Who applies: the number of applicants and, for each, what a complete post needs of them (docs/application-stepper.md):
// names, birth year, credit history and the main yearly income.

const creditHistoryLabels = { excellent: 'Excellent', average: 'Average', fair: 'Fair', poor: 'Poor' } as const;
const counts = Array.from({ length: postLimits.applicants.max }, (_, i) => String(i + 1));

export function ApplicantsStep() {
  const { answers, next, errorOf, frame } = useStep('applicants');
  const [applicants, setApplicants] = useState<ApplicantAnswer[]>(answers.applicants.length > 0 ? answers.applicants : [{ ...emptyApplicant }]);

  const setCount = (count: number) =>
    setApplicants((current) => Array.from({ length: count }, (_, i) => current[i] ?? { ...emptyApplicant }));
  const change = (index: number, changes: Partial<ApplicantAnswer>) =>
    setApplicants((current) => current.map((applicant, i) => (i === index ? { ...applicant, ...changes } : applicant)));
  const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);
  const totalError = errorOf('incomes');

  return (
    <StepFrame
      title="Who is applying for the loan?"
      description="Lenders need each applicant's age, credit history and income. You are the first applicant."
      {...frame}
      onNext={() => void next({ applicants })}
    >
      <Stack gap={6}>
        <Text fw={500}>How many people are applying?</Text>
        <SegmentedControl size="lg" fullWidth aria-label="Number of applicants" data={counts} value={String(applicants.length)} onChange={(value) => setCount(Number(value))} />
      </Stack>
      {applicants.map((applicant, index) => {
        const error = (field: string) => errorOf(`applicants.${index}.${field}`);
        return (
          <Paper key={index} p="md" role="group" aria-label={`Applicant ${index + 1}`}>
            <Stack gap="sm">
              <Title order={3} size="h5">
                {index === 0 ? 'Applicant 1 (you)' : `Applicant ${index + 1}`}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label="First name"
                  size="md"
                  autoComplete={index === 0 ? 'given-name' : 'off'}
                  autoFocus={index === 0}
                  value={applicant.first_name}
                  onChange={(event) => change(index, { first_name: event.currentTarget.value })}
                  error={error('first_name')}
                />
                <TextInput
                  label="Last name"
                  size="md"
                  autoComplete={index === 0 ? 'family-name' : 'off'}
                  value={applicant.last_name}
                  onChange={(event) => change(index, { last_name: event.currentTarget.value })}
                  error={error('last_name')}
                />
                <NumberInput
                  label="Year of birth"
                  size="md"
                  placeholder="YYYY"
                  inputMode="numeric"
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  maxLength={4}
                  value={applicant.date_of_birth ?? ''}
                  onChange={(value) => change(index, { date_of_birth: numberOrNull(value) })}
                  error={error('date_of_birth')}
                />
                <Select
                  label="Credit history"
                  size="md"
                  data={creditHistories.map((history) => ({ value: history, label: creditHistoryLabels[history] }))}
                  value={applicant.credit_history}
                  onChange={(value) => change(index, { credit_history: value as ApplicantAnswer['credit_history'] })}
                  error={error('credit_history')}
                />
                <Select
                  label="Main income"
                  size="md"
                  data={incomeSourceKeys.map((key) => ({ value: key, label: incomeSources[key].label }))}
                  value={applicant.income_source}
                  onChange={(value) => change(index, { income_source: value as ApplicantAnswer['income_source'] })}
                  error={error('income_source')}
                />
                <NumberInput
                  label="Yearly income before tax"
                  size="md"
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={0}
                  allowNegative={false}
                  hideControls
                  inputMode="numeric"
                  value={applicant.yearly_income ?? ''}
                  onChange={(value) => change(index, { yearly_income: numberOrNull(value) })}
                  error={error('yearly_income')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {(totalError ?? errorOf('number_of_applicants')) && (
        <Alert color="red" variant="light" role="alert">
          {totalError ?? errorOf('number_of_applicants')}
        </Alert>
      )}
    </StepFrame>
  );
}
