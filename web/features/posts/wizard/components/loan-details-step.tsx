import { Alert, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { hasLoanToValueWarning, loanToValueRatio } from '../../../../../domain/post/calculations';
import { currentRateTypes, postMessages } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { AddressPicker } from '../../../../components/address-picker';
import { formatRate } from '../../../../lib/format';
import { saveLoanDetails } from '../api/save-steps';
import { type LoanDetailsValues, loanDetailsErrors, loanDetailsValuesOf } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { currentRateTypeLabels, loanTypeLabels } from '../wizard-labels';
import { ChoiceField, YesNoField } from './choice-fields';
import { LenderField } from './lender-field';
import { StepForm } from './step-form';
import { postHints } from '../../post-hints';

/** Money in whole dollars with en-AU thousands separators. */
const moneyInput = { prefix: '$', thousandSeparator: ',', decimalScale: 0, allowNegative: false, hideControls: true } as const;

/** The loan-to-value ratio as the customer types (spec 2 §5: at most 90 %, a warning above 80 %). */
function LoanToValue({ loanAmount, propertyValue }: { loanAmount: number | ''; propertyValue: number | '' }) {
  if (typeof loanAmount !== 'number' || typeof propertyValue !== 'number' || propertyValue <= 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Loan to value ratio (LVR):
        </Text>
        <Text size="sm" fw={600} data-testid="lvr">
          {formatRate(loanToValueRatio(loanAmount, propertyValue))}
        </Text>
      </Group>
      {hasLoanToValueWarning(loanAmount, propertyValue) && (
        <Alert color="yellow" icon={<IconAlertTriangle />} p="xs">
          {postMessages.lvrWarning}
        </Alert>
      )}
    </Stack>
  );
}

/** Step 3: the loan, the property and, for a refinance, the current loan (spec 2 §3 "Primary home loan"). */
export function LoanDetailsStep({ post }: { post: PostView }) {
  const loan = post.primary_home_loan;
  const step = useStepForm<LoanDetailsValues>({
    step: 3,
    initialValues: loanDetailsValuesOf(post),
    validate: (values) => loanDetailsErrors(values, post),
    save: (values) => saveLoanDetails(post, values),
  });
  return (
    <StepForm step={3} {...step}>
      <LoanDetailsFields form={step.form} loan={loan} />
    </StepForm>
  );
}

/** The loan's fields (its type and purpose decide which): the wizard's step 3 and the post edit screen. */
export function LoanDetailsFields({ form, loan }: { form: UseFormReturnType<LoanDetailsValues>; loan: PostView['primary_home_loan'] }) {
  const { values } = form;
  return (
    <>
      {loan?.loan_type && (
        <Text c="dimmed">
          {loanTypeLabels[loan.loan_type]}
          {loan.loan_purpose === 'investment' ? ', an investment property.' : ', a home you live in.'}
        </Text>
      )}
      <Stack gap="md">
        <Title order={2} size="h4">
          The loan
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput label="Loan amount" description={postHints.loanAmount} withAsterisk {...moneyInput} {...form.getInputProps('loan_amount')} />
          <NumberInput label="Property value" description="What the property is worth today" withAsterisk {...moneyInput} {...form.getInputProps('property_market_value')} />
        </SimpleGrid>
        <LoanToValue loanAmount={values.loan_amount} propertyValue={values.property_market_value} />
      </Stack>
      <Stack gap="md">
        <Title order={2} size="h4">
          Addresses
        </Title>
        <AddressPicker
          label="Where do you live?"
          required
          value={values.user_address}
          onChange={(address) => form.setFieldValue('user_address', address)}
          error={form.errors.user_address}
        />
        {loan?.loan_purpose === 'investment' && (
          <Stack gap="xs">
            {!values.suburb_not_known_yet && (
              <AddressPicker
                label="Where is the property?"
                required
                value={values.property_address}
                onChange={(address) => form.setFieldValue('property_address', address)}
                error={form.errors.property_address}
              />
            )}
            <Checkbox label="I don't know the suburb of the property yet" {...form.getInputProps('suburb_not_known_yet', { type: 'checkbox' })} />
          </Stack>
        )}
      </Stack>
      {loan?.loan_type === 'refinance' && (
        <Stack gap="md">
          <Title order={2} size="h4">
            Your current loan
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <LenderField
              label="Current lender"
              name={values.organisation}
              error={form.errors.organisation ?? form.errors.organisation_uuid}
              onChange={(name, uuid) => {
                form.setValues({ organisation: name, organisation_uuid: uuid });
                form.clearFieldError('organisation');
              }}
            />
            <NumberInput label="Current interest rate" description={postHints.interestRate} suffix="%" decimalScale={2} allowNegative={false} hideControls withAsterisk {...form.getInputProps('interest_rate')} />
          </SimpleGrid>
          <ChoiceField label="Rate type" options={currentRateTypes.map((value) => ({ value, label: currentRateTypeLabels[value] }))} columns={3} {...form.getInputProps('rate_type')} />
          <YesNoField label="Would you stay with your current lender if it offered you a better deal?" {...form.getInputProps('retention')} />
          <Checkbox
            label="I understand that leaving a fixed rate before its end may cost a break fee, and I have checked mine."
            {...form.getInputProps('fixed_rate_checkbox', { type: 'checkbox' })}
          />
        </Stack>
      )}
      {loan?.loan_type === 'new_loan' && (
        <Stack gap="md">
          <Title order={2} size="h4">
            The property
          </Title>
          <YesNoField label="Have you found the property?" {...form.getInputProps('purchase_property_found')} />
          <YesNoField label="Is it bought off the plan?" {...form.getInputProps('off_the_plan_property')} />
        </Stack>
      )}
    </>
  );
}
