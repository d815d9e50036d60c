import { Alert, Input, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { featurePreferences, lenderTypePreferences, type PreferenceValue, preferenceValues } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { savePriorities } from '../api/save-steps';
import { type PrioritiesValues, prioritiesErrors, prioritiesValuesOf } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { featureLabels, lenderTypeLabels, optionsOf, preferenceValueLabels, preferredRateTypeLabels, repaymentTypeLabels } from '../wizard-labels';
import { StepForm } from './step-form';
import { interestOnlyYearOptions } from '../../post-hints';

const preferenceOptions = preferenceValues.map((value) => ({ value, label: preferenceValueLabels[value] }));

/** A preference as three choices side by side, with its message. */
function PreferenceRow({ label, value, onChange, error }: { label: string; value?: PreferenceValue; onChange: (value: PreferenceValue) => void; error?: string }) {
  return (
    <Input.Wrapper label={label} error={error}>
      <SegmentedControl fullWidth size="xs" mt={4} data={preferenceOptions} value={value ?? 'optional'} onChange={(v) => onChange(v as PreferenceValue)} aria-label={label} />
    </Input.Wrapper>
  );
}

/** Step 2: what the customer wants from a lender (spec 2 §3 "Home loan preferences"). */
export function PrioritiesStep({ post }: { post: PostView }) {
  const step = useStepForm<PrioritiesValues>({
    step: 2,
    initialValues: prioritiesValuesOf(post),
    validate: prioritiesErrors,
    save: (values) => savePriorities(post, values),
  });
  return (
    <StepForm step={2} {...step}>
      <Text c="dimmed">What matters to you in a lender? Lenders see these priorities when they bid.</Text>
      <PrioritiesFields form={step.form} />
    </StepForm>
  );
}

/** The lender preferences: the wizard's step 2 and the post edit screen. */
export function PrioritiesFields({ form }: { form: UseFormReturnType<PrioritiesValues> }) {
  const lenderTypesError = form.errors.lender_types;
  return (
    <>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Types of lender
        </Title>
        {lenderTypesError && (
          <Alert color="red" icon={<IconAlertCircle />} data-step-error>
            {lenderTypesError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {lenderTypePreferences.map((key) => (
            <PreferenceRow key={key} label={lenderTypeLabels[key]} {...form.getInputProps(key)} />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Rate and repayments
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select label="Rate type" data={optionsOf(preferredRateTypeLabels)} allowDeselect={false} withAsterisk {...form.getInputProps('rate_type')} />
          <Select label="Repayment type" data={optionsOf(repaymentTypeLabels)} allowDeselect={false} withAsterisk {...form.getInputProps('repayment_type')} />
          {form.values.repayment_type === 'interest_only' && (
            <Select
              label="Interest only period"
              data={interestOnlyYearOptions}
              withAsterisk
              value={form.values.interest_only_period === null ? null : String(form.values.interest_only_period)}
              onChange={(v) => form.setFieldValue('interest_only_period', v === null ? null : Number(v))}
              error={form.errors.interest_only_period}
            />
          )}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Features and service
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {featurePreferences.map((key) => (
            <PreferenceRow key={key} label={featureLabels[key]} {...form.getInputProps(key)} />
          ))}
        </SimpleGrid>
        <Switch
          mt="sm"
          label="I am flexible"
          description="Lenders may also offer loans that miss some of these priorities."
          {...form.getInputProps('flexible', { type: 'checkbox' })}
        />
      </Stack>
    </>
  );
}
