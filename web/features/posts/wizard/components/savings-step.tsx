import { ActionIcon, Alert, Button, Grid, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { totalYearlyIncome } from '../../../../../domain/post/calculations';
import { incomeCategories, type IncomeType, postLimits } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { formatAud } from '../../../../lib/format';
import { saveSavings } from '../api/save-steps';
import { emptyIncome, type SavingsValues, savingsErrors, savingsValuesOf } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { incomeCategoryLabels, incomeFrequencyLabels, incomePeriodLabels, incomeTaxLabels, incomeTypeLabels, optionsOf } from '../wizard-labels';
import { YesNoField } from './choice-fields';
import { StepForm } from './step-form';

const moneyInput = { prefix: '$', thousandSeparator: ',', decimalScale: 0, allowNegative: false, hideControls: true } as const;

/** Step 5: savings, equity and every applicant's incomes (spec 2 §5: at least $50,000 a year in total). */
export function SavingsStep({ post }: { post: PostView }) {
  const step = useStepForm<SavingsValues>({
    step: 5,
    initialValues: savingsValuesOf(post),
    validate: (values) => savingsErrors(values, post),
    save: (values) => saveSavings(post, values),
    adoptDraft: (draft) => ({ ...draft, incomes: draft.incomes.filter((i) => post.applicants.some((a) => a.uuid === i.applicant_uuid)) }),
  });
  const { form } = step;
  const applicants = post.applicants.map((a) => ({ key: a.uuid, name: [a.first_name, a.last_name].filter(Boolean).join(' ') || `Applicant ${a.number}` }));
  return (
    <StepForm step={5} {...step}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Savings
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput label="Cash savings" description="Money in the bank you could put towards the loan" withAsterisk {...moneyInput} {...form.getInputProps('cash_savings')} />
        </SimpleGrid>
        <YesNoField label="Do you have equity in another property?" {...form.getInputProps('equity_from_another_property')} />
      </Stack>
      <IncomesFields form={form} applicants={applicants} />
    </StepForm>
  );
}

/** An applicant as the lists of incomes and expenses name them; `key` is what rows refer to (the uuid once saved). */
export type ApplicantChoice = { key: string; name: string };

/** Every applicant's incomes with the yearly total: the wizard's step 5 and the post edit screen. */
export function IncomesFields({ form, applicants }: { form: UseFormReturnType<Pick<SavingsValues, 'incomes'>>; applicants: ApplicantChoice[] }) {
  const incomes = form.values.incomes;
  const counted = incomes.flatMap((i) => (typeof i.value === 'number' && i.period ? [{ value: i.value, period: i.period }] : []));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          Incomes
        </Title>
        <Text size="sm">
          Total a year: <strong data-testid="yearly-income">{formatAud(totalYearlyIncome(counted))}</strong>
        </Text>
      </Group>
      {form.errors.incomes && (
        <Alert color="red" icon={<IconAlertCircle />} data-step-error>
          {form.errors.incomes}
        </Alert>
      )}
      {applicants.map(({ key, name }) => (
        <Stack key={key} gap="sm" component="section" aria-label={`Incomes of ${name}`}>
          <Text fw={600}>{name}</Text>
          {incomes.map((income, index) => {
            if (income.applicant_uuid !== key) return null;
            const categories: readonly string[] = income.income_type ? incomeCategories[income.income_type] : [];
            const at = (field: string) => `incomes.${index}.${field}`;
            return (
              <Paper key={income.key} withBorder p="md">
                <Grid gap="md" align="flex-end">
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <Select
                      label="Income type"
                      data={optionsOf(incomeTypeLabels)}
                      withAsterisk
                      allowDeselect={false}
                      value={income.income_type}
                      error={form.errors[at('income_type')]}
                      onChange={(type) => {
                        // A type's categories differ: start with its first (none for a type without categories).
                        const first = type ? (incomeCategories[type as IncomeType][0] ?? null) : null;
                        form.setFieldValue(`incomes.${index}`, { ...income, income_type: type as IncomeType | null, category: first });
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    {categories.length > 0 && (
                      <Select
                        label="Category"
                        data={categories.map((value) => ({ value, label: incomeCategoryLabels[value] ?? value }))}
                        withAsterisk
                        allowDeselect={false}
                        {...form.getInputProps(at('category'))}
                      />
                    )}
                  </Grid.Col>
                  <Grid.Col span={{ base: 10, md: 5 }}>
                    <TextInput label="Description" placeholder="e.g. Nurse at a public hospital" withAsterisk maxLength={postLimits.descriptionMaxLength} {...form.getInputProps(at('description'))} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 2, md: 1 }} style={{ textAlign: 'right' }}>
                    <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label="Remove this income" onClick={() => form.removeListItem('incomes', index)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <NumberInput label="Amount" withAsterisk {...moneyInput} {...form.getInputProps(at('value'))} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <Select label="Period" data={optionsOf(incomePeriodLabels)} withAsterisk allowDeselect={false} {...form.getInputProps(at('period'))} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <Select label="Before or after tax" data={optionsOf(incomeTaxLabels)} withAsterisk allowDeselect={false} {...form.getInputProps(at('tax'))} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <Select label="How often it is paid" data={optionsOf(incomeFrequencyLabels)} withAsterisk allowDeselect={false} {...form.getInputProps(at('frequency'))} />
                  </Grid.Col>
                </Grid>
              </Paper>
            );
          })}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('incomes', emptyIncome(key))}>
              Add an income for {name}
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
